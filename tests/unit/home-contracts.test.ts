/** The home and announcement contracts (src/contracts/home.schema.ts, announcement.schema.ts): the same keys on the same fields the platform answers. */
import { describe, expect, it } from "vitest";
import { ValidationError, type AnyObjectSchema } from "yup";
import { announcementSchema } from "@/contracts/announcement.schema";
import { homeSettingsSchema, miniGallerySchema, reorderSchema, slideSchema } from "@/contracts/home.schema";

/** Field → first key, as `validateWith` reports them. */
async function errorsOf(schema: AnyObjectSchema, body: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(body, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const out: Record<string, string> = {};
    for (const item of error.inner) out[item.path || "form"] ??= item.message;
    return out;
  }
}

describe("[CONTRACTS] home and announcements", () => {
  it("a slide: English required, titles measured, links and colours checked; flat legacy texts read as one translation", async () => {
    const slide = slideSchema({ mini: false });
    expect(await errorsOf(slide, { translations: [{ languageId: 206, title: "हिंदी" }] })).toEqual({ translations: "admin:errors.english_required" });
    expect(await errorsOf(slide, { translations: [{ languageId: 205, title: "y".repeat(201) }], moreLinks: "javascript:alert(1)", color: "reddish" })).toEqual({
      "translations.0.title": 'form:max_length|{"max":200}',
      moreLinks: "admin:errors.link",
      color: "admin:errors.color",
    });
    expect(await errorsOf(slide, { translations: [{ languageId: 205, title: "", description: "<p>x</p>" }] })).toEqual({ "translations.0.title": "admin:errors.title_required" });
    expect(await errorsOf(slide, { fileName: "/../etc/passwd", translations: [{ languageId: 205, title: "x" }] })).toEqual({ fileName: "form:invalid_file" });
    const flat = await slide.validate({ title: "Legacy", customDescripition: "<p>d</p>", isActive: false, color: "#ABC" });
    expect(flat).toMatchObject({ isActive: false, color: "#abc", translations: [{ languageId: 205, title: "Legacy", description: "<p>d</p>", readMoreText: "" }] });
    expect(await errorsOf(slideSchema({ mini: true }), { translations: [{ languageId: 205, title: "x" }] })).toEqual({ galleryId: "form:required" });
  });

  it("a mini gallery, the settings and a reorder", async () => {
    expect(await errorsOf(miniGallerySchema, { slidesPerView: 9, translations: [] })).toEqual({
      slidesPerView: 'form:whole_number_range|{"min":1,"max":6}',
      translations: "admin:errors.english_required",
    });
    expect(await errorsOf(homeSettingsSchema, { showStats: "yes", description: "d".repeat(5001) })).toEqual({ showStats: "form:boolean", description: 'form:max_length|{"max":5000}' });
    // Left out or null: the stored value stays.
    expect((await homeSettingsSchema.validate({ showStats: null })).showStats).toBeUndefined();
    expect(await errorsOf(reorderSchema, { body: { galleryId: 1 } })).toEqual({ body: "admin:errors.reorder" });
    expect(await errorsOf(reorderSchema, { body: [{ galleryId: 1, displayOrder: 0 }, { galleryId: 1, displayOrder: 1 }] })).toEqual({ "1": "admin:errors.reorder" });
  });

  it("an announcement: readable colours, known languages, English required", async () => {
    const schema = announcementSchema();
    expect(await errorsOf(schema, { color: "#777777", bgColor: "#888888", translations: { "205": "<p>x</p>" } })).toEqual({ bgColor: "admin:errors.contrast" });
    expect(await errorsOf(schema, { color: "whiteish", translations: { "206": "<p>केवल हिंदी</p>", "999": "x" } })).toEqual({
      color: "admin:errors.color",
      bgColor: "form:required",
      "translations.999": "form:language",
      "translations.205": "admin:errors.english_required",
    });
    expect(await schema.validate({ color: "#FFFFFF", bgColor: "#1d4044", translations: { "205": " <p>Hi</p> ", "206": "<p></p>" } })).toMatchObject({
      enabled: true,
      color: "#ffffff",
      translations: { "205": "<p>Hi</p>" },
    });
  });
});
