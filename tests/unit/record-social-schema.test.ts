import { describe, expect, it } from "vitest";
import type { AnySchema } from "yup";
import { contributorRequestSchema, followUpdateSchema, permissionUpdateSchema, usergroupUpdateSchema } from "@/contracts/record-social.schema";

async function check(schema: AnySchema, body: unknown): Promise<{ value?: unknown; errors: Record<string, string> }> {
  try {
    return { value: await schema.validate(body, { abortEarly: false }), errors: {} };
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    const errors: Record<string, string> = {};
    for (const e of inner) errors[e.path] ??= e.message;
    return { errors };
  }
}

describe("[CONTRIBUTE] the bodies of a record's social writes", () => {
  it("reads ids as numbers or digit strings, and lists without repeats", async () => {
    expect((await check(followUpdateSchema, { id: " 12 ", type: "follow" })).value).toMatchObject({ id: 12, type: "follow" });
    expect((await check(permissionUpdateSchema, { id: 3, allowedUsers: ["5", 5, 7] })).value).toMatchObject({ id: 3, allowedUsers: [5, 7] });
    expect((await check(usergroupUpdateSchema, { id: "3", usergroups: [] })).value).toMatchObject({ id: 3, usergroups: [] });
  });

  it("names a missing id as required and a bad one as a whole number from 1", async () => {
    expect((await check(followUpdateSchema, { type: "follow" })).errors).toEqual({ id: "form:required" });
    expect((await check(followUpdateSchema, { id: "x1", type: "follow" })).errors).toEqual({ id: 'form:whole_number|{"min":1}' });
    expect((await check(followUpdateSchema, { id: 0, type: "unfollow" })).errors).toEqual({ id: 'form:whole_number|{"min":1}' });
  });

  it("reports every wrong field at once: the follow type and a list that is not one", async () => {
    expect((await check(followUpdateSchema, { id: 1, type: "like", followers: "2" })).errors).toEqual({ type: "form:invalid", followers: "form:invalid" });
    expect((await check(followUpdateSchema, { id: 1 })).errors).toEqual({ type: "form:required" });
    expect((await check(permissionUpdateSchema, { id: 1 })).errors).toEqual({ allowedUsers: "form:required" });
    expect((await check(permissionUpdateSchema, { id: 1, allowedUsers: [1, "two"] })).errors).toEqual({ allowedUsers: "form:invalid" });
  });

  it("refuses more than 100 editors with its own key", async () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect((await check(permissionUpdateSchema, { id: 1, allowedUsers: many })).errors).toEqual({ allowedUsers: "contribute:errors.too_many_editors" });
  });

  it("takes a request's message trimmed, required and at most 200 characters (counted as the reader sees them)", async () => {
    expect((await check(contributorRequestSchema, { ccaid: 4, requestorMessage: "  I survey this grove  " })).value).toMatchObject({ ccaid: 4, requestorMessage: "I survey this grove" });
    expect((await check(contributorRequestSchema, { ccaid: 4, requestorMessage: "   " })).errors).toEqual({ requestorMessage: "form:required" });
    expect((await check(contributorRequestSchema, { ccaid: 4, requestorMessage: 7 })).errors).toEqual({ requestorMessage: "form:invalid" });
    expect((await check(contributorRequestSchema, { ccaid: 4, requestorMessage: "क".repeat(200) })).errors).toEqual({});
    expect((await check(contributorRequestSchema, { ccaid: 4, requestorMessage: "x".repeat(201) })).errors).toEqual({ requestorMessage: 'form:max_length|{"max":200}' });
  });
});
