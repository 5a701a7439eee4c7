import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RecordRestrictionsView } from "@/contracts/restrictions";
import { toOverrides } from "@/features/data/restrictions/restrictions-dialog";
import { RestrictionsNotice } from "@/features/data/restrictions/restrictions-notice";
import RestrictionsPanel from "@/features/data/restrictions/restrictions-panel";
import { bus } from "@/lib/events/bus";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);
const api = vi.hoisted(() => ({ fetchRecordRestrictions: vi.fn(), changeRecordRestrictions: vi.fn() }));
vi.mock("@/lib/api/restrictions", () => api);
vi.mock("@/lib/api/client", () => ({ getBrowserClient: () => ({}) }));

const NAMESPACES = ["common", "data", "governance", "form"];
const VIEW: RecordRestrictionsView = {
  overrides: { record: null, fields: { "area-ha": { treatment: "GENERALISE", reason: "COMMUNITY_REQUEST" } } },
  effective: {
    record: null,
    fields: {
      boundary: { treatment: "WITHHOLD", reason: "SACRED_SITE", source: "LABEL", labelId: "tk-secret-sacred" },
      "area-ha": { treatment: "GENERALISE", reason: "COMMUNITY_REQUEST", source: "RECORD" },
    },
  },
  fields: [
    { fieldId: "boundary", name: "Boundary", type: "GEOMETRY" },
    { fieldId: "area-ha", name: "Area (hectares)", type: "NUMBER" },
  ],
};

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
});
afterEach(cleanup);

describe("[TREATMENTS] the record page's restrictions", () => {
  it("the note under the title says what is withheld, why and by what, in English and in Hindi", () => {
    const record = { restrictions: VIEW.effective.fields, recordRestriction: null, ccaFieldValues: {} };
    const fields = VIEW.fields.map((f) => ({ fieldId: f.fieldId, name: f.name, type: f.type, children: [] })) as never;
    renderWithProviders(<RestrictionsNotice record={record} fields={fields} />, { namespaces: NAMESPACES });
    const note = screen.getByRole("note");
    expect((note).textContent).toContain("Some information on this record is withheld");
    expect((note).textContent).toContain("Boundary: Withheld (sacred site — the label “Secret / Sacred”)");
    expect((note).textContent).toContain("Area (hectares): Generalised (at the community's request — set by a curator)");
    cleanup();
    renderWithProviders(<RestrictionsNotice record={record} fields={fields} />, { lang: "hi", namespaces: NAMESPACES });
    expect((screen.getByRole("note")).textContent).toContain("इस रिकॉर्ड की कुछ जानकारी रोकी गई है");
    expect((screen.getByRole("note")).textContent).toContain("पवित्र स्थल");
  });

  it("says nothing when nothing is restricted", () => {
    renderWithProviders(<RestrictionsNotice record={{ restrictions: {}, recordRestriction: null, ccaFieldValues: {} }} fields={[]} />, { namespaces: NAMESPACES });
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("the curators' panel shows the treatments, is absent for others, and reloads when the labels change", async () => {
    api.fetchRecordRestrictions.mockRejectedValueOnce(new Error("403"));
    renderWithProviders(<RestrictionsPanel recordId={5} title="Grove" />, { namespaces: NAMESPACES });
    await waitFor(() => expect(api.fetchRecordRestrictions).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("region", { name: "Restrictions" })).toBeNull();
    api.fetchRecordRestrictions.mockResolvedValue(VIEW);
    bus.emit("record_labels_changed", { recordId: 5 });
    const panel = await screen.findByRole("region", { name: "Restrictions" });
    expect((within(panel).getByTestId("restrictions-lines")).textContent).toContain("Boundary: Withheld");
    expect(within(panel).getByRole("button", { name: "Change restrictions" })).toBeTruthy();
  });

  it("the dialog's rows become the overrides: as the template says (left out), lifted (NONE), or a treatment with its reason and day", () => {
    expect(
      toOverrides(
        { treatment: "EMBARGO", reason: "LEGAL", until: "2027-06-01" },
        {
          a: { treatment: "KEEP", reason: "LEGAL", until: "" },
          b: { treatment: "NONE", reason: "LEGAL", until: "" },
          c: { treatment: "WITHHOLD", reason: "SACRED_SITE", until: "2027-01-01" },
        },
      ),
    ).toEqual({ record: { treatment: "EMBARGO", reason: "LEGAL", until: "2027-06-01" }, fields: { b: { treatment: "NONE" }, c: { treatment: "WITHHOLD", reason: "SACRED_SITE" } } });
  });

  it("saving in the dialog sends the overrides; an embargo without a day comes back as a field error in the visitor's language", async () => {
    api.fetchRecordRestrictions.mockResolvedValue(VIEW);
    const { ApiError } = await import("@/lib/api/api-error");
    api.changeRecordRestrictions.mockRejectedValueOnce(new ApiError(400, "VALIDATION_FAILED", "Some fields are not valid: record.until", { "record.until": "governance:restrictions.errors.until" }));
    renderWithProviders(<RestrictionsPanel recordId={6} title="Grove" />, { namespaces: NAMESPACES });
    fireEvent.click(await screen.findByRole("button", { name: "Change restrictions" }));
    const dialog = await screen.findByRole("dialog", { name: "Restrictions of this record" });
    fireEvent.change(within(dialog).getAllByRole("combobox", { name: "Treatment" })[0]!, { target: { value: "EMBARGO" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save restrictions" }));
    expect(await within(dialog).findByText("Give the day the embargo ends")).toBeTruthy();
    expect(api.changeRecordRestrictions).toHaveBeenCalledWith({}, 6, { record: { treatment: "EMBARGO", reason: "COMMUNITY_REQUEST", until: "" }, fields: { "area-ha": { treatment: "GENERALISE", reason: "COMMUNITY_REQUEST" } } }, "en");
  });
});
