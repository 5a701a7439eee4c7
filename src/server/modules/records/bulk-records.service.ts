/**
 * Reproducible synthetic CCA records for scale work (`npm run seed:bulk`, `npm run bench:data`, the
 * EXPLAIN test): a deterministic PRNG picks states (with plausible centroids), districts, a small
 * boundary near the state's centre, every filterable master field, some rich text and some groups.
 * Same seed, same records. Written with the set-based path of the record write core.
 */
import type { RestrictionOverrides } from "@/contracts/restrictions";
import type { Db } from "../../infra/db/db";
import type { StoredFieldValue } from "./record-values";
import { loadRecordTemplate, type RecordTemplate } from "../templates/template-loader.service";
import { createRecords, type RecordInput } from "./record-write.service";
import { findLiveUserAndGroupIds } from "./record-write.repository";

/** mulberry32: small, fast, deterministic. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** States of the master template with an approximate centre [lon, lat] and a spread in degrees. */
export const STATE_CENTRES: ReadonlyArray<[string, number, number, number]> = [
  ["Andhra Pradesh", 79.7, 15.9, 2.5], ["Arunachal Pradesh", 94.7, 28.2, 1.5], ["Assam", 92.9, 26.2, 1.5], ["Bihar", 85.3, 25.6, 1.5],
  ["Chhattisgarh", 81.9, 21.3, 2], ["Goa", 74.1, 15.3, 0.3], ["Gujarat", 71.2, 22.3, 2.5], ["Haryana", 76.1, 29.1, 1],
  ["Himachal Pradesh", 77.2, 31.9, 1], ["Jharkhand", 85.3, 23.6, 1.5], ["Karnataka", 75.7, 15.3, 2.5], ["Kerala", 76.3, 10.5, 1],
  ["Madhya Pradesh", 78.7, 23.5, 3], ["Maharashtra", 75.7, 19.7, 3], ["Manipur", 93.9, 24.7, 0.5], ["Meghalaya", 91.4, 25.5, 0.6],
  ["Mizoram", 92.9, 23.2, 0.6], ["Nagaland", 94.6, 26.2, 0.5], ["Odisha", 85.1, 20.9, 2], ["Punjab", 75.3, 31.1, 1],
  ["Rajasthan", 74.2, 27.0, 3], ["Sikkim", 88.5, 27.5, 0.3], ["Tamil Nadu", 78.7, 11.1, 1.8], ["Telangana", 79.0, 18.1, 1.5],
  ["Tripura", 91.9, 23.9, 0.4], ["Uttar Pradesh", 80.9, 26.8, 3], ["Uttarakhand", 79.0, 30.1, 1], ["West Bengal", 87.9, 23.0, 1.5],
  ["Andaman and Nicobar Islands", 92.7, 11.7, 0.8], ["Chandigarh", 76.8, 30.7, 0.05], ["Dadra and Nagar Haveli and Daman and Diu", 73.0, 20.3, 0.2],
  ["Delhi", 77.1, 28.7, 0.15], ["Jammu and Kashmir", 74.8, 33.8, 1.2], ["Ladakh", 77.6, 34.2, 1.5], ["Lakshadweep", 72.6, 10.6, 0.2], ["Puducherry", 79.8, 11.9, 0.1],
];
// Heavier weights for the states with many documented CCAs.
const STATE_WEIGHTS = STATE_CENTRES.map(([name]) => (["Odisha", "Maharashtra", "Meghalaya", "Nagaland", "Karnataka", "Kerala", "Rajasthan", "Uttarakhand"].includes(name) ? 4 : 1));

const NAME_PARTS = ["Devrai", "Sarna", "Kovil Kadu", "Orans", "Law Kyntang", "Van", "Jaher", "Deo Bani", "Sacred grove", "Community forest", "Village lake", "Tragopan reserve", "Bugyal", "Kere", "Mangrove patch"];
const VILLAGES = ["Khonoma", "Mendha", "Mawphlang", "Piplantri", "Hiware", "Sarangi", "Jardhargaon", "Ralegan", "Baripada", "Lekha", "Dhani", "Kuldiha", "Zunheboto", "Pangti", "Sirsi", "Chitrakoot", "Bhitarkanika", "Kanha", "Nongkhyllem", "Seijosa"];
const COMMUNITIES = ["Gond", "Bhil", "Khasi", "Angami", "Warli", "Santhal", "Bishnoi", "Kondh", "Lepcha", "Toda", "Oraon", "Munda", "Garo", "Bhutia", "Kurumba"];
const HINDI_WORDS = ["देववन", "पवित्र उपवन", "सामुदायिक वन", "ग्राम सभा", "वन पंचायत", "झील"];

const ECOSYSTEMS = ["Forest|Sacred grove", "Forest|Community forest", "Forest|Mangrove", "Wetland|Lake or pond", "Wetland|River stretch", "Wetland|Marine and coastal", "Grassland", "Desert", "Mountain|Alpine meadow"];
const LEGAL = ["Community Forest Resource (FRA)", "Reserved Forest", "Protected Forest", "Community Reserve (WPA)", "Conservation Reserve (WPA)", "Biodiversity Heritage Site", "Revenue land", "Private land", "No legal recognition"];
const GOVERNANCE = ["Gram Sabha", "Traditional institution", "Forest Protection Committee", "Joint Forest Management Committee", "Van Panchayat"];
const THREATS = ["Encroachment", "Mining", "Tree felling", "Grazing pressure", "Fire", "Invasive species", "Development projects|Roads", "Development projects|Dams"];
const PRACTICES = ["Ban on felling", "Rotational grazing", "Patrolling", "Sacred rules", "Fines for violations", "Restoration and planting"];

export interface BulkContext {
  template: RecordTemplate;
  userIds: number[];
  groupIds: number[];
}

/** Option values as records store them, with the template's valueId when it has one. */
function option(template: RecordTemplate, fieldId: string, value: string): { valueId: string; value: string; label: string } {
  const labels = template.fields.get(fieldId)?.optionLabels.get(value);
  return { valueId: `${fieldId}:${value}`, value, label: labels?.[0] ?? value.split("|").at(-1)! };
}

/** The n-th synthetic record of a generator (call in order: the PRNG is shared). */
export function syntheticRecord(random: () => number, ctx: BulkContext, n: number): RecordInput {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const some = <T>(list: readonly T[], max: number) => [...new Set(Array.from({ length: Math.floor(random() * (max + 1)) }, () => pick(list)))];
  let w = random() * STATE_WEIGHTS.reduce((s, x) => s + x, 0);
  let stateIndex = 0;
  while ((w -= STATE_WEIGHTS[stateIndex]!) > 0) stateIndex++;
  const [state, lon0, lat0, spread] = STATE_CENTRES[stateIndex]!;
  const lon = lon0 + (random() * 2 - 1) * spread;
  const lat = lat0 + (random() * 2 - 1) * spread * 0.8;
  const size = 0.002 + random() * 0.03;
  const village = pick(VILLAGES);
  const t = ctx.template;
  const values: Record<string, StoredFieldValue> = {
    "name-of-cca": { type: "TEXT", value: `${village} ${pick(NAME_PARTS)} ${n}` },
    "local-name": { type: "TEXT", value: random() < 0.3 ? `${pick(HINDI_WORDS)} ${village}` : `${village} ${pick(NAME_PARTS)}` },
    state: { type: "SINGLE_SELECT_DROPDOWN", value: option(t, "state", state) },
    district: { type: "TEXT", value: `${village} district` },
    boundary: {
      type: "GEOMETRY",
      value: { type: "FeatureCollection", features: [{ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [[[lon, lat], [lon + size, lat], [lon + size, lat + size], [lon, lat + size], [lon, lat]]] } }] },
    },
    "ecosystem-type": { type: "MULTI_SELECT_CHECKBOX", value: some(ECOSYSTEMS, 2).concat(random() < 0.5 ? [pick(ECOSYSTEMS)] : []).filter((v, i, a) => a.indexOf(v) === i).map((v) => option(t, "ecosystem-type", v)) },
    "area-ha": { type: "NUMBER", value: Math.round(Math.exp(random() * 9) * 10) / 10 },
    "legal-status": { type: "SINGLE_SELECT_DROPDOWN", value: option(t, "legal-status", pick(LEGAL)) },
    governance: { type: "SINGLE_SELECT_RADIO", value: option(t, "governance", pick(GOVERNANCE)) },
    community: { type: "TEXT", value: pick(COMMUNITIES) },
    "year-protection-began": { type: "YEAR", value: 1500 + Math.floor(random() * 525) },
    threats: { type: "MULTI_SELECT_DROPDOWN", value: some(THREATS, 3).map((v) => option(t, "threats", v)) },
    practices: { type: "MULTI_SELECT_CHECKBOX", value: some(PRACTICES, 3).map((v) => option(t, "practices", v)) },
  };
  if (random() < 0.08) {
    values["case-study"] = { type: "RICHTEXT", value: `<p>The ${pick(COMMUNITIES)} people of ${village} have protected this ${pick(NAME_PARTS).toLowerCase()} since ${values["year-protection-began"]!.value as number}.</p>` };
  }
  const groups = ctx.groupIds.length > 0 && random() < 0.3 ? [pick(ctx.groupIds)] : [];
  const created = new Date(Date.UTC(2015, 0, 1) + Math.floor(random() * 10 * 365) * 86_400_000);
  return {
    userId: pick(ctx.userIds),
    values,
    userGroupIds: groups,
    createdOn: created,
    location: { state, district: `${village} district`, tahsil: null },
    ...treatmentsOf(n),
  };
}

/**
 * Restricted-data treatments on a share of the records (issue 30), by number so the PRNG's sequence
 * (and every other value) stays as before: 1 in 33 withheld whole, 1 in 20 with its area generalised,
 * 1 in 29 with its boundary withheld as a sacred site.
 */
function treatmentsOf(n: number): Pick<RecordInput, "restrictions"> {
  const fields: RestrictionOverrides["fields"] = {};
  if (n % 20 === 7) fields["area-ha"] = { treatment: "GENERALISE", reason: "COMMUNITY_REQUEST" };
  if (n % 29 === 3) fields.boundary = { treatment: "WITHHOLD", reason: "SACRED_SITE" };
  const record = n % 33 === 5 ? ({ treatment: "WITHHOLD", reason: "COMMUNITY_REQUEST" } as const) : null;
  return record || Object.keys(fields).length > 0 ? { restrictions: { record, fields } } : {};
}

export interface BulkOptions {
  records: number;
  seed?: number;
  batch?: number;
  /** Called after each batch with the number written so far. */
  onProgress?: (done: number) => void;
}

/** Generates and inserts `records` master records in batches (one transaction each). Returns the ids' range. */
export async function insertSyntheticRecords(db: Db, options: BulkOptions): Promise<{ first: number | null; last: number | null }> {
  const template = await loadRecordTemplate(db, { shortName: "master" });
  const { userIds, groupIds } = await findLiveUserAndGroupIds(db);
  if (userIds.length === 0) throw new Error("No user to own the records: seed the demo scenario or create a user first");
  const random = prng(options.seed ?? 1);
  const batch = options.batch ?? 1000;
  let first: number | null = null;
  let last: number | null = null;
  for (let done = 0; done < options.records; ) {
    const size = Math.min(batch, options.records - done);
    const inputs = Array.from({ length: size }, (_, i) => syntheticRecord(random, { template, userIds, groupIds }, done + i + 1));
    const ids = await db.transaction((tx) => createRecords(tx, template, inputs));
    first ??= ids[0] ?? null;
    last = ids.at(-1) ?? last;
    done += size;
    options.onProgress?.(done);
  }
  return { first, last };
}
