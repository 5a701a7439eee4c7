import { describe, expect, it } from "vitest";
import { locateInIndia, locationIndex } from "@/server/modules/maps/location.service";
import { SEED_TEMPLATES, seedFieldsOf } from "@/server/seed/demo-templates";

describe("[LOCATION] the shipped location data", () => {
  it("names states exactly as the master template's state options", async () => {
    const master = SEED_TEMPLATES.find((t) => t.shortName === "master")!;
    const state = seedFieldsOf(master.fields).find((f) => f.fieldId === "state")!;
    const options = (state.options ?? []).map((o) => o.value).sort();
    expect([...(await locationIndex()).states].sort()).toEqual(options);
  });

  it("finds the nearest town of the right state near borders of states", async () => {
    expect((await locateInIndia(15.49, 73.83)).state).toBe("Goa");
    expect((await locateInIndia(30.73, 76.78)).state).toBe("Chandigarh");
    expect((await locateInIndia(28.61, 77.21)).state).toBe("Delhi");
    expect((await locateInIndia(11.93, 79.83)).state).toBe("Puducherry");
  });
});
