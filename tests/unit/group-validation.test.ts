import { describe, expect, it } from "vitest";
import { GROUP_ERRORS, groupEditSchema, parseOrigin } from "@/contracts/group.schema";
import { validateWith } from "@/server/infra/http/validate";
import { toGroupInput } from "@/server/modules/groups/group-input";
import { leaves, readLocale } from "./helpers/locales";

const SITE = { siteUrl: "http://localhost:3000" };
const parseGroupEdit = async (body: Record<string, unknown>) => toGroupInput(await validateWith(groupEditSchema(SITE), body));

describe("[GROUPS] the group body checks (the contract of src/contracts/group.schema.ts)", () => {
  it.each(["en", "hi"])("every group:errors.* key the server answers exists in %s", (lang) => {
    const keys = leaves(readLocale(lang, "group")!);
    const missing = Object.values(GROUP_ERRORS).filter((key) => !keys.has(key.replace(/^group:/, "")));
    expect(missing).toEqual([]);
  });

  it("accepts http(s) origins only, and writes them as origins", () => {
    expect(parseOrigin("https://Forest.Example.org/")).toBe("https://forest.example.org");
    expect(parseOrigin("http://chilika.localhost:3000")).toBe("http://chilika.localhost:3000");
    expect(parseOrigin("https://example.org:443")).toBe("https://example.org");
    for (const bad of ["example.org", "ftp://example.org", "https://example.org/x", "https://example.org?", "https://example.org#top", "https://u:p@example.org", "javascript:alert(1)", "https://"]) {
      expect(parseOrigin(bad), bad).toBeNull();
    }
  });

  it("keeps the slugs of the /group/list and /group/create screens out, whatever their case", async () => {
    for (const slug of ["list", "Create"]) {
      let fieldErrors: Record<string, string> | undefined;
      try {
        await parseGroupEdit({ translation: [{ language: 205, name: "X", description: "" }], webAddress: slug, allowUserToJoin: true });
      } catch (error) {
        fieldErrors = (error as { fieldErrors?: Record<string, string> }).fieldErrors;
      }
      expect(fieldErrors?.webAddress, slug).toBe(GROUP_ERRORS.slugReserved);
    }
  });

  it("trims the fields, keeps English on the base row and drops a blank Hindi translation", async () => {
    const input = await parseGroupEdit(
      {
        translation: [
          { language: 205, name: "  Keepers ", description: " Plain <b>text</b> " },
          { language: 206, name: "", description: "" },
        ],
        nameLocal: " ",
        webAddress: " keepers_1 ",
        domainName: "",
        icon: null,
        allowUserToJoin: false,
      },
    );
    expect(input).toEqual({
      slug: "keepers_1",
      name: "Keepers",
      nameLocal: null,
      description: "Plain <b>text</b>",
      icon: null,
      domainName: null,
      allowUserToJoin: false,
      displayOrder: 0,
      translations: [],
    });
  });
});
