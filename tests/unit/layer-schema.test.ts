import { describe, expect, it } from "vitest";
import { layerMetadataSchema, type LayerMetadataValues } from "@/contracts/layer.schema";
import { AppError } from "@/server/infra/http/app-error";
import { validateWith } from "@/server/infra/http/validate";

/** The metadata as the platform reads it, or the fieldErrors of its 400 answer. */
async function read(metadata: Record<string, unknown>): Promise<{ value?: LayerMetadataValues; fieldErrors?: Record<string, string> }> {
  try {
    return { value: await validateWith(layerMetadataSchema, metadata) };
  } catch (error) {
    if (error instanceof AppError && error.code === "VALIDATION_FAILED") return { fieldErrors: error.fieldErrors ?? {} };
    throw error;
  }
}

describe("[MAPS] the layer contract (layer/upload, part metadata)", () => {
  it("needs only a name; the rest defaults (licence UNSPECIFIED, download access ALL, no type, no links)", async () => {
    expect((await read({ layerName: "  Forest blocks " })).value).toMatchObject({
      layerName: "Forest blocks",
      layerDescription: "",
      attribution: "",
      license: "UNSPECIFIED",
      tags: [],
      url: null,
      pdfLink: null,
      layerType: null,
      titleColumn: null,
      summaryColumns: [],
      colorBy: null,
      downloadAccess: "ALL",
      layerColumnDescription: {},
      layerFileDescription: { encoding: undefined },
    });
    expect((await read({})).fieldErrors).toEqual({ layerName: "form:required" });
    expect((await read({ layerName: "   " })).fieldErrors).toEqual({ layerName: "form:required" });
    expect((await read({ layerName: { en: "x" } })).fieldErrors).toEqual({ layerName: "form:required" });
  });

  it("reads what the reference's clients send: numbers as text, licence and type aliases, comma-separated lists, any case", async () => {
    const { value } = await read({
      layerName: 2024,
      license: "cc-by-sa",
      layerType: "Multi_Polygon",
      downloadAccess: "group",
      tags: " forest, ,grove ",
      summaryColumns: ["area_ha ", "", "name"],
      titleColumn: " name ",
      colorBy: "",
      url: "https://example.org/layer",
      pdfLink: "",
      layerColumnDescription: { area_ha: " Area in hectares ", name: "  ", code: 7, long: "d".repeat(1200) },
      layerFileDescription: { fileType: "shp", encoding: " windows-1252 " },
    });
    expect(value).toMatchObject({
      layerName: "2024",
      license: "CC_BY_SA",
      layerType: "MULTIPOLYGON",
      downloadAccess: "GROUP",
      tags: ["forest", "grove"],
      summaryColumns: ["area_ha", "name"],
      titleColumn: "name",
      colorBy: null,
      url: "https://example.org/layer",
      pdfLink: null,
      layerColumnDescription: { area_ha: "Area in hectares", code: "7", long: "d".repeat(1000) },
      layerFileDescription: { encoding: "windows-1252" },
    });
    expect((await read({ layerName: "L", license: 822 })).value?.license).toBe("CC_BY");
    expect((await read({ layerName: "L", license: "BY" })).value?.license).toBe("CC_BY");
    expect((await read({ layerName: "L", layerType: "line" })).value?.layerType).toBe("MULTILINESTRING");
    expect((await read({ layerName: "L", layerType: "Raster" })).value?.layerType).toBe("RASTER");
  });

  it("names each wrong field with its translation key", async () => {
    expect((await read({ layerName: "", license: "MINE", downloadAccess: "FRIENDS", layerType: "Hexagon" })).fieldErrors).toEqual({
      layerName: "form:required",
      license: "form:invalid",
      downloadAccess: "form:invalid",
      layerType: "form:invalid",
    });
    expect((await read({ layerName: "n".repeat(201), layerDescription: "d".repeat(5001), attribution: "a".repeat(501) })).fieldErrors).toEqual({
      layerName: 'form:max_length|{"max":200}',
      layerDescription: 'form:max_length|{"max":5000}',
      attribution: 'form:max_length|{"max":500}',
    });
    expect((await read({ layerName: "L", url: "ftp://example.org/x", pdfLink: "not a link" })).fieldErrors).toEqual({ url: "form:invalid", pdfLink: "form:invalid" });
    expect((await read({ layerName: "L", url: `https://example.org/${"p".repeat(1000)}` })).fieldErrors).toEqual({ url: 'form:max_length|{"max":1000}' });
  });

  it("takes at most 20 tags of at most 50 characters each", async () => {
    const tags = Array.from({ length: 20 }, (_, i) => `tag${i}`);
    expect((await read({ layerName: "L", tags })).value?.tags).toEqual(tags);
    expect((await read({ layerName: "L", tags: [...tags, "one more"] })).fieldErrors).toEqual({ tags: "map:errors.too_many_tags" });
    expect((await read({ layerName: "L", tags: `ok,${"t".repeat(51)}` })).fieldErrors).toEqual({ tags: 'form:max_length|{"max":50}' });
    // Too many wins over too long, as one key per field.
    expect((await read({ layerName: "L", tags: [...tags, "t".repeat(51)] })).fieldErrors).toEqual({ tags: "map:errors.too_many_tags" });
  });
});
