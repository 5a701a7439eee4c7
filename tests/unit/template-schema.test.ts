import { describe, expect, it } from "vitest";
import { templateUpdateKeysSchema, TEMPLATE_VERSION_MAX, type TemplateUpdateKeys } from "@/contracts/template.schema";
import { AppError } from "@/server/infra/http/app-error";
import { ROW_VERSION_MAX } from "@/server/infra/db/row-version";
import { validateWith } from "@/server/infra/http/validate";

/** The keys as the platform reads them, or the fieldErrors of its 400 answer. */
async function read(body: Record<string, unknown>): Promise<{ value?: TemplateUpdateKeys; fieldErrors?: Record<string, string> }> {
  try {
    return { value: await validateWith(templateUpdateKeysSchema, body) };
  } catch (error) {
    if (error instanceof AppError && error.code === "VALIDATION_FAILED") return { fieldErrors: error.fieldErrors ?? {} };
    throw error;
  }
}

describe("[TEMPLATES] the template contract's update keys (PUT template/update: id, version)", () => {
  it("reads the id as a number or digits, and the version the editor read (none: unchecked)", async () => {
    expect((await read({ id: 12, version: "20250101120000123456" })).value).toMatchObject({ id: 12, version: "20250101120000123456" });
    expect((await read({ id: "12" })).value).toMatchObject({ id: 12, version: null });
    expect((await read({ id: 12, version: "" })).value).toMatchObject({ id: 12, version: null });
    expect((await read({ id: 12, version: null })).value).toMatchObject({ id: 12, version: null });
  });

  it("answers id and version as form:invalid when they are not an id and a version text", async () => {
    for (const id of [undefined, null, 0, -1, 1.5, "", "12a", " 12", "99999999999", 2_147_483_648, true, [1]]) {
      expect((await read({ id })).fieldErrors, JSON.stringify(id)).toEqual({ id: "form:invalid" });
    }
    for (const version of [20250101, "v".repeat(TEMPLATE_VERSION_MAX + 1), { at: 1 }]) {
      expect((await read({ id: 3, version })).fieldErrors, JSON.stringify(version)).toEqual({ version: "form:invalid" });
    }
    expect((await read({ version: 1 })).fieldErrors).toEqual({ id: "form:invalid", version: "form:invalid" });
  });

  it("takes versions as long as the platform writes them", () => {
    expect(TEMPLATE_VERSION_MAX).toBe(ROW_VERSION_MAX);
  });
});
