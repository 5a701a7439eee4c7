/**
 * A CCA record's `Dataset` (with its `Place`): only what the record page shows the visitor. The
 * location: none when any geometry is withheld (HIDDEN) or the record has none; a generalised one
 * as the box of the generalised value shown; else the box (or point) of the value shown.
 */
import type { CCAData } from "@/contracts/cca-data";
import { absolute, compact, SCHEMA_CONTEXT, type JsonLdObject } from "./json-ld";

export interface RecordDatasetInput {
  record: Pick<CCAData, "id" | "updatedOn" | "createdOn" | "ccaFieldValues" | "restrictedFields" | "audience" | "reviewState" | "usergroups"> & {
    recordRestriction?: unknown;
    /** The template's short name: the record's feature in the OGC API collection `records-{shortName}`. */
    shortName?: string;
  };
  /** The page's title (the record's title values) and description (its summary, as in `<meta name="description">`). */
  name: string;
  description: string;
  /** The site's address, the page's path (with its language prefix) and its language. */
  siteUrl: string;
  path: string;
  lang: string;
  /** The licence of the site's data (an address). */
  license: string;
  /** The groups the page shows the record in (name, address); the site when there are none. */
  groups: Array<{ name: string; url: string }>;
  site: { name: string; url: string };
  templateName?: string | null;
}

/** Every [lon, lat] pair inside a GeoJSON-like value (features, geometries, coordinates). */
function positions(value: unknown, out: Array<[number, number]>, depth = 0): void {
  if (depth > 12 || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    if (value.length >= 2 && typeof value[0] === "number" && typeof value[1] === "number") {
      if (Number.isFinite(value[0]) && Number.isFinite(value[1])) out.push([value[0], value[1]]);
      return;
    }
    for (const v of value) positions(v, out, depth + 1);
    return;
  }
  const o = value as Record<string, unknown>;
  if ("features" in o) positions(o.features, out, depth + 1);
  if ("geometry" in o) positions(o.geometry, out, depth + 1);
  if ("geometries" in o) positions(o.geometries, out, depth + 1);
  if ("coordinates" in o) positions(o.coordinates, out, depth + 1);
}

const round = (n: number) => Math.round(n * 1e5) / 1e5;

/** The record's `geo`: null when a geometry is withheld or none is shown. */
export function recordGeo(record: RecordDatasetInput["record"]): JsonLdObject | null {
  const geometryFields = Object.entries(record.ccaFieldValues).filter(([, v]) => v.type === "GEOMETRY");
  if (geometryFields.length === 0) return null;
  const restricted = record.restrictedFields ?? {};
  if (geometryFields.some(([key, v]) => restricted[key] === "HIDDEN" || restricted[v.fieldId] === "HIDDEN")) return null;
  const points: Array<[number, number]> = [];
  for (const [, v] of geometryFields) positions(v.value, points);
  const valid = points.filter(([lon, lat]) => Math.abs(lon) <= 180 && Math.abs(lat) <= 90);
  if (valid.length === 0) return null;
  const lons = valid.map((p) => p[0]);
  const lats = valid.map((p) => p[1]);
  const [w, s, e, n] = [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)].map(round) as [number, number, number, number];
  if (w === e && s === n) return { "@type": "GeoCoordinates", latitude: s, longitude: w };
  // schema.org box: "south west north east" as "lat lon lat lon".
  return { "@type": "GeoShape", box: `${s} ${w} ${n} ${e}` };
}

/** Whether the record is public (consent to the public, published, not withheld as a whole): only then is it described. */
export function isPublicRecord(record: RecordDatasetInput["record"]): boolean {
  return (record.audience === undefined || record.audience === "PUBLIC") && (record.reviewState === undefined || record.reviewState === "PUBLISHED") && !record.recordRestriction;
}

/** The record page's `Dataset`, or null for a record that is not public. */
export function recordDataset(input: RecordDatasetInput): JsonLdObject | null {
  const { record } = input;
  if (!isPublicRecord(record)) return null;
  const url = absolute(input.siteUrl, input.path);
  const creators = (input.groups.length ? input.groups : [input.site]).map((g) => ({ "@type": "Organization", name: g.name, url: absolute(input.siteUrl, g.url) }));
  const geo = recordGeo(record);
  const place = compact({ "@type": "Place", name: input.name, geo: geo ?? undefined });
  return compact({
    "@context": SCHEMA_CONTEXT,
    "@type": "Dataset",
    "@id": url,
    name: input.name,
    description: input.description || input.name,
    url,
    license: input.license,
    isAccessibleForFree: true,
    inLanguage: input.lang,
    creator: creators,
    publisher: { "@type": "Organization", name: input.site.name, url: absolute(input.siteUrl, input.site.url) },
    dateCreated: new Date(record.createdOn).toISOString(),
    dateModified: new Date(record.updatedOn).toISOString(),
    spatialCoverage: place,
    isPartOf: input.templateName ? { "@type": "Dataset", name: input.templateName } : undefined,
    // Its public form as GeoJSON through the OGC API (modules/ogc); the exports need a sign-in, so are not listed.
    distribution: record.shortName
      ? [
          {
            "@type": "DataDownload",
            encodingFormat: "application/geo+json",
            contentUrl: absolute(input.siteUrl, `/ogc/collections/records-${encodeURIComponent(record.shortName)}/items/${record.id}?f=json`),
          },
        ]
      : undefined,
  });
}
