import { describe, expect, it } from "vitest";
import { groupFieldOf, groupFormSchema, isSiteOrigin } from "@/contracts/group.schema";

const valid = {
  nameEn: "Sacred Groves",
  descriptionEn: "",
  nameHi: "",
  descriptionHi: "",
  nameLocal: "",
  webAddress: "sacred-groves_2",
  domainName: "",
  icon: null,
  allowUserToJoin: true,
  displayOrder: 0,
};

async function errorsOf(values: Record<string, unknown>): Promise<Record<string, string>> {
  try {
    await groupFormSchema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((e) => [e.path, e.message]));
  }
}

describe("[GROUPS] the microsite form's rules", () => {
  it("accepts a name and a slug of letters, digits, - and _", async () => {
    expect(await errorsOf(valid)).toEqual({});
  });

  it("refuses a missing English name, a slug with spaces or '/', a bad domain and a negative order", async () => {
    const errors = await errorsOf({ ...valid, nameEn: " ", webAddress: "a b/c", domainName: "chilika.org/path", displayOrder: -1 });
    expect(errors).toEqual({
      nameEn: "form:required",
      webAddress: "group:edit.validation.slug",
      domainName: "group:edit.validation.domain",
      displayOrder: "group:edit.validation.whole_number",
    });
  });

  it("refuses the slugs the platform refuses: a leading '-' or '_', and the list and create screens' names", async () => {
    expect((await errorsOf({ ...valid, webAddress: "-groves" })).webAddress).toBe("group:edit.validation.slug");
    expect((await errorsOf({ ...valid, webAddress: "List" })).webAddress).toBe("group:errors.slug_reserved");
    expect((await errorsOf({ ...valid, webAddress: "create" })).webAddress).toBe("group:errors.slug_reserved");
  });

  it("takes an own domain as an http(s) origin only", () => {
    expect(isSiteOrigin("https://chilika.example.org")).toBe(true);
    expect(isSiteOrigin("http://chilika.localhost:3000/")).toBe(true);
    expect(isSiteOrigin("ftp://chilika.example.org")).toBe(false);
    expect(isSiteOrigin("https://chilika.example.org/group")).toBe(false);
  });

  it("puts the platform's field errors on the form's fields", () => {
    const ids = { en: 205, hi: 206 };
    expect(groupFieldOf("translation.206.name", ids)).toBe("nameHi");
    expect(groupFieldOf("translation.205.description", ids)).toBe("descriptionEn");
    expect(groupFieldOf("webAddress", ids)).toBe("webAddress");
    expect(groupFieldOf("translation.999.name", ids)).toBeNull();
    expect(groupFieldOf("somethingElse", ids)).toBeNull();
  });
});
