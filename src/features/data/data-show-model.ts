/** The record page's structure: sections from the template's headings, values without a field, media. */
import type { CCAData, CCADataListItem, CCAFieldValue, FileValue, GeoFeatureCollection } from "@/contracts/cca-data";
import { flattenFields, type CCAField } from "@/contracts/template";
import { cropUrl, describeValue, mediaKind, recordTitle, valueText } from "./data-values";

export interface ShowSection {
  /** The heading field's id, or "general" for the fields before the first heading. */
  id: string;
  /** The heading's name; null for the fields before the first heading. */
  title: string | null;
  fields: CCAField[];
}

/** One section per HEADING (its fields follow it in the tree, depth first); fields before any heading first. */
export function templateSections(fields: readonly CCAField[]): ShowSection[] {
  const sections: ShowSection[] = [{ id: "general", title: null, fields: [] }];
  for (const field of flattenFields(fields)) {
    if (field.type === "HEADING") sections.push({ id: field.fieldId, title: field.name, fields: [] });
    else sections[sections.length - 1]!.fields.push(field);
  }
  return sections.filter((s) => s.fields.length > 0);
}

/** Values of fields the template no longer has (they keep the name they were saved with). */
export function orphanValues(record: CCAData, fields: readonly CCAField[]): CCAFieldValue[] {
  const known = new Set(flattenFields(fields).map((f) => f.fieldId));
  return Object.values(record.ccaFieldValues).filter((v) => !known.has(v.fieldId) && v.type !== "HEADING");
}

/** Every file of the record, in template order when known (the header's files first). */
export function recordFiles(record: CCAData, header: CCADataListItem | null): FileValue[] {
  const files: FileValue[] = [...(header?.files ?? [])];
  for (const value of Object.values(record.ccaFieldValues)) {
    if (value.type !== "FILE") continue;
    const view = describeValue("FILE", value.value, "en");
    if (view.kind === "files") for (const f of view.files) if (!files.some((x) => x.path === f.path)) files.push(f);
  }
  return files;
}

/** The record's public geometry: every GEOMETRY value's features together. */
export function recordGeometry(record: CCAData): GeoFeatureCollection | null {
  const features: GeoFeatureCollection["features"] = [];
  for (const value of Object.values(record.ccaFieldValues)) {
    if (value.type !== "GEOMETRY") continue;
    const view = describeValue("GEOMETRY", value.value, "en");
    if (view.kind === "geometry") features.push(...view.geometry.features.filter((f) => f.geometry));
  }
  if (features.length === 0 && record.centroid.length === 2) {
    features.push({ type: "Feature", properties: {}, geometry: { type: "Point", coordinates: record.centroid } });
  }
  return features.length > 0 ? { type: "FeatureCollection", features } : null;
}

/** The strongest restriction on the record's geometry fields: HIDDEN over GENERALISED. */
export function locationRestriction(record: CCAData): "GENERALISED" | "HIDDEN" | null {
  const kinds = Object.values(record.restrictedFields ?? {});
  if (kinds.includes("HIDDEN")) return "HIDDEN";
  if (kinds.includes("GENERALISED")) return "GENERALISED";
  return null;
}

/** Title values: the header's (server projection of the title fields), else the template's title fields. */
export function titleOf(record: CCAData, header: CCADataListItem | null, fields: readonly CCAField[], lang: string): string | null {
  if (header) {
    const title = recordTitle(header.titlesValues, lang);
    if (title) return title;
  }
  const titleFields = flattenFields(fields).filter((f) => f.isTitleColumn);
  const values = titleFields.map((f) => record.ccaFieldValues[f.fieldId]).filter((v): v is CCAFieldValue => Boolean(v));
  return recordTitle(values, lang);
}

/** Summary values as "name: value" pairs (title values left out), for the header and the social description. */
export function summaryPairs(header: CCADataListItem | null, lang: string): Array<{ id: string; name: string; text: string }> {
  if (!header) return [];
  const titleIds = new Set(header.titlesValues.map((v) => v.fieldId));
  return header.values
    .filter((v) => !titleIds.has(v.fieldId))
    .map((v) => ({ id: v.fieldId, name: v.name, text: valueText(v, lang) }))
    .filter((p): p is { id: string; name: string; text: string } => Boolean(p.text));
}

/** The social preview image: the first image, cropped to the spec's social size. */
export function socialImage(files: readonly FileValue[]): string | null {
  const image = files.find((f) => mediaKind(f) === "image");
  return image ? cropUrl(image.path, 330) : null;
}
