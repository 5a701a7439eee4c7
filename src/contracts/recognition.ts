/**
 * Recognition (issue 31, item 1): the WDPCA / ICCA Registry submission pack. Two versioned field sets
 * (the legacy WDPA 1.6 attributes and the 2025 WDPCA set), the administrator's mapping from the master
 * template's fields to their attributes, the coverage of the mandatory attributes, and the pack itself
 * (GeoPackage, zipped Shapefile set, CSV). Pure: shared by the screens and the platform
 * (cca-api `v1/recognition/...`, src/server/modules/recognition).
 *
 * The versions followed (written into every pack's source table and README):
 * - `wdpa16`: UNEP-WCMC, "User Manual for the World Database on Protected Areas and world database on
 *   other effective area-based conservation measures: 1.6" (2019).
 * - `wdpca2025`: UNEP-WCMC, the World Database on Protected and Conserved Areas data standard (2025, the
 *   merged WDPA and WD-OECM).
 */

export const FIELD_SETS = ["wdpca2025", "wdpa16"] as const;
export type FieldSetId = (typeof FIELD_SETS)[number];
export const isFieldSet = (v: unknown): v is FieldSetId => typeof v === "string" && (FIELD_SETS as readonly string[]).includes(v);

/** The version of the data standard each field set follows. */
export const STANDARD_VERSIONS: Record<FieldSetId, string> = {
  wdpa16: "WDPA/WD-OECM User Manual 1.6 (UNEP-WCMC, 2019)",
  wdpca2025: "WDPCA data standard 2025 (UNEP-WCMC, World Database on Protected and Conserved Areas)",
};

/** Pack formats: a GeoPackage, a zipped Shapefile set, a CSV (geometry as WKT plus longitude and latitude). */
export const PACK_FORMATS = ["gpkg", "shp", "csv"] as const;
export type PackFormat = (typeof PACK_FORMATS)[number];
export const isPackFormat = (v: unknown): v is PackFormat => typeof v === "string" && (PACK_FORMATS as readonly string[]).includes(v);
/** The extension of a pack's file. */
export const PACK_EXTENSIONS: Record<PackFormat, string> = { gpkg: "gpkg", shp: "zip", csv: "csv" };

/** Layer and table names inside a pack. */
export const PACK_LAYERS = { polygons: "wdpca_polygons", points: "wdpca_points", source: "wdpca_source" } as const;

export type AttributeType = "TEXT" | "INTEGER" | "REAL";

/** One attribute of a field set. */
export interface AttributeDef {
  name: string;
  type: AttributeType;
  /** Required by UNEP-WCMC for a site to be accepted (coverage lists these when empty). */
  mandatory: boolean;
  /** The allowed values (null: free text or a number). */
  allowed: readonly string[] | null;
  /** One line on what it holds (English; the screens show it as is). */
  description: string;
}

// ── Allowed values ───────────────────────────────────────────────────────────────────────────────

export const DESIG_TYPES = ["National", "Regional", "International", "Not Applicable"] as const;
export const IUCN_CATS = ["Ia", "Ib", "II", "III", "IV", "V", "VI", "Not Applicable", "Not Assigned", "Not Reported"] as const;
export const STATUSES = ["Proposed", "Inscribed", "Adopted", "Designated", "Established"] as const;
export const NO_TAKES = ["All", "Part", "None", "Not Reported", "Not Applicable"] as const;
export const GOV_TYPES = [
  "Federal or national ministry or agency",
  "Sub-national ministry or agency",
  "Government-delegated management",
  "Transboundary governance",
  "Collaborative governance",
  "Joint governance",
  "Individual landowners",
  "Non-profit organisations",
  "For-profit organisations",
  "Indigenous peoples",
  "Local communities",
  "Not Reported",
] as const;
/** WDPA manual 1.6, OWN_TYPE (the reference's list completed from the manual). */
export const OWN_TYPES = [
  "State",
  "Communal",
  "Individual landowners",
  "For-profit organisations",
  "Non-profit organisations",
  "Joint ownership",
  "Multiple ownership",
  "Contested",
  "Not Reported",
] as const;
/** WDPA manual 1.6, VERIF. */
export const VERIFS = ["State Verified", "Expert Verified", "Not Reported"] as const;
/** MARINE (1.6): 0 terrestrial, 1 coastal (marine and terrestrial), 2 marine. */
export const MARINES = ["0", "1", "2"] as const;
export const REALMS = ["Terrestrial", "Coastal", "Marine"] as const;
/** PA_DEF (1.6): 1 protected area, 0 OECM. */
export const PA_DEFS = ["1", "0"] as const;
export const SITE_TYPES = ["PA", "OECM"] as const;
export const CONS_OBJS = ["Primary", "Secondary", "Ancillary", "Not Applicable"] as const;

const a = (name: string, type: AttributeType, mandatory: boolean, allowed: readonly string[] | null, description: string): AttributeDef => ({ name, type, mandatory, allowed, description });

/** Attributes the two sets share (the 2025 set keeps them). */
const KEPT = {
  DESIG: a("DESIG", "TEXT", true, null, "Designation in the original language"),
  DESIG_ENG: a("DESIG_ENG", "TEXT", true, null, "Designation in English"),
  DESIG_TYPE: a("DESIG_TYPE", "TEXT", true, DESIG_TYPES, "National, regional or international designation"),
  IUCN_CAT: a("IUCN_CAT", "TEXT", true, IUCN_CATS, "IUCN management category (OECMs: Not Applicable)"),
  INT_CRIT: a("INT_CRIT", "TEXT", true, null, "Criteria of an international designation (else Not Applicable)"),
  REP_M_AREA: a("REP_M_AREA", "REAL", true, null, "Reported marine area, km²"),
  REP_AREA: a("REP_AREA", "REAL", true, null, "Reported area, km² (from the geometry where the record states none)"),
  NO_TAKE: a("NO_TAKE", "TEXT", true, NO_TAKES, "No-take area (marine)"),
  NO_TK_AREA: a("NO_TK_AREA", "REAL", true, null, "No-take area, km²"),
  STATUS: a("STATUS", "TEXT", true, STATUSES, "Status"),
  STATUS_YR: a("STATUS_YR", "INTEGER", true, null, "Year of the status (0: not reported)"),
  GOV_TYPE: a("GOV_TYPE", "TEXT", true, GOV_TYPES, "Governance type"),
  OWN_TYPE: a("OWN_TYPE", "TEXT", true, OWN_TYPES, "Ownership type"),
  MANG_AUTH: a("MANG_AUTH", "TEXT", true, null, "Management authority"),
  MANG_PLAN: a("MANG_PLAN", "TEXT", true, null, "Management plan (a link or Not Reported)"),
  VERIF: a("VERIF", "TEXT", true, VERIFS, "Verification"),
  METADATAID: a("METADATAID", "INTEGER", true, null, "The source record in the source table"),
  SUB_LOC: a("SUB_LOC", "TEXT", true, null, "ISO 3166-2 sub-national code"),
  ISO3: a("ISO3", "TEXT", true, null, "ISO 3166-1 alpha-3 country code"),
  SUPP_INFO: a("SUPP_INFO", "TEXT", false, null, "Supplementary information (OECMs)"),
  CONS_OBJ: a("CONS_OBJ", "TEXT", false, CONS_OBJS, "Conservation objective (OECMs)"),
};

export const FIELD_SET_ATTRIBUTES: Record<FieldSetId, readonly AttributeDef[]> = {
  wdpa16: [
    a("WDPAID", "INTEGER", true, null, "Site id (provisional: the portal's record id; UNEP-WCMC assigns the final one)"),
    a("WDPA_PID", "TEXT", true, null, "Parcel id"),
    a("PA_DEF", "TEXT", true, PA_DEFS, "1 protected area, 0 OECM"),
    a("NAME", "TEXT", true, null, "Name in English"),
    a("ORIG_NAME", "TEXT", true, null, "Name in the original language"),
    KEPT.DESIG,
    KEPT.DESIG_ENG,
    KEPT.DESIG_TYPE,
    KEPT.IUCN_CAT,
    KEPT.INT_CRIT,
    a("MARINE", "TEXT", true, MARINES, "0 terrestrial, 1 coastal, 2 marine"),
    KEPT.REP_M_AREA,
    KEPT.REP_AREA,
    KEPT.NO_TAKE,
    KEPT.NO_TK_AREA,
    KEPT.STATUS,
    KEPT.STATUS_YR,
    KEPT.GOV_TYPE,
    KEPT.OWN_TYPE,
    KEPT.MANG_AUTH,
    KEPT.MANG_PLAN,
    KEPT.VERIF,
    KEPT.METADATAID,
    KEPT.SUB_LOC,
    a("PARENT_ISO3", "TEXT", true, null, "ISO3 of the parent country"),
    KEPT.ISO3,
    KEPT.SUPP_INFO,
    KEPT.CONS_OBJ,
  ],
  wdpca2025: [
    a("SITE_ID", "INTEGER", true, null, "Site id (provisional: the portal's record id; UNEP-WCMC assigns the final one)"),
    a("SITE_PID", "TEXT", true, null, "Parcel id"),
    a("NAME_ENG", "TEXT", true, null, "Name in English"),
    a("NAME", "TEXT", true, null, "Name in the original language"),
    a("REALM", "TEXT", true, REALMS, "Terrestrial, coastal or marine (replaces MARINE)"),
    a("SITE_TYPE", "TEXT", true, SITE_TYPES, "PA or OECM (replaces PA_DEF)"),
    KEPT.ISO3,
    a("PRNT_ISO3", "TEXT", true, null, "ISO3 of the parent country"),
    KEPT.GOV_TYPE,
    a("GOVSUBTYPE", "TEXT", false, null, "Governance sub-type"),
    KEPT.OWN_TYPE,
    a("OWNSUBTYPE", "TEXT", false, null, "Ownership sub-type"),
    a("INLND_WTRS", "TEXT", false, null, "Inland waters"),
    a("OECM_ASMT", "TEXT", false, null, "OECM assessment"),
    KEPT.STATUS,
    KEPT.STATUS_YR,
    KEPT.IUCN_CAT,
    KEPT.MANG_AUTH,
    KEPT.MANG_PLAN,
    KEPT.INT_CRIT,
    KEPT.NO_TAKE,
    KEPT.NO_TK_AREA,
    KEPT.DESIG,
    KEPT.DESIG_ENG,
    KEPT.DESIG_TYPE,
    KEPT.METADATAID,
    KEPT.SUB_LOC,
    KEPT.SUPP_INFO,
    KEPT.CONS_OBJ,
    KEPT.VERIF,
    KEPT.REP_AREA,
    KEPT.REP_M_AREA,
  ],
};

/** The source (metadata) table's columns, joined to the sites on METADATAID. */
export const SOURCE_COLUMNS = ["METADATAID", "DATA_TITLE", "RESP_PARTY", "RESP_EMAIL", "YEAR", "CHAR_SET", "REF_SYSTEM", "SCALE", "LINEAGE", "CITATION", "DISCLAIMER", "LANGUAGE", "STANDARD"] as const;

export const attributeOf = (fieldSet: FieldSetId, name: string): AttributeDef | undefined => FIELD_SET_ATTRIBUTES[fieldSet].find((x) => x.name === name);

// ── The mapping ──────────────────────────────────────────────────────────────────────────────────

/**
 * What the platform works out itself:
 * - `recordId`: the portal's record id (a provisional WDPAID / SITE_ID; `*_PID` as text);
 * - `area`: km² from the record's polygons (spherical area) when it shows them exactly;
 * - `iso3`: "IND" when the platform located the record in India (its state), the parent's ISO3 likewise;
 * - `subLocation`: the ISO 3166-2 code of the record's state;
 * - `nameEnglish`: the first of `fieldIds` written in Latin script; `nameOriginal`: the first of
 *   `fieldIds` with a value (list the local name first);
 * - `metadataId`: the pack's one source row (1).
 */
export const DERIVATIONS = ["recordId", "area", "iso3", "subLocation", "nameEnglish", "nameOriginal", "metadataId"] as const;
export type Derivation = (typeof DERIVATIONS)[number];

export type MappingEntry =
  | { source: "none" }
  | { source: "constant"; value: string }
  | {
      source: "field";
      fieldId: string;
      /** Option value → allowed value (dropdowns, radios, checkboxes); the first selected option with one wins. */
      options?: Record<string, string>;
      /** Numbers are multiplied by it (hectares → km²: 0.01). */
      factor?: number;
      /** When the record has no value (never when its value is withheld or generalised). */
      otherwise?: string;
      /** `area` only: the geometry's area when the record has no value. */
      fallback?: "area";
    }
  | { source: "derived"; derive: Derivation; fieldIds?: string[] };

/** Attribute name → how its value is found. */
export type FieldSetMapping = Record<string, MappingEntry>;

/** `GET cca-api/api/v1/recognition/mapping?fieldSet=`: the field set, its mapping and the master template's fields to choose from. */
export interface RecognitionMappingView {
  fieldSet: FieldSetId;
  version: string;
  attributes: AttributeDef[];
  mapping: FieldSetMapping;
  fields: Array<{ fieldId: string; name: string; type: string; options: Array<{ value: string; label: string }> }>;
  /** May the caller change it (administrators). */
  canEdit: boolean;
  updatedOn: string | null;
}

/** The body of `PUT cca-api/api/v1/recognition/mapping`. */
export interface RecognitionMappingInput {
  fieldSet: FieldSetId;
  mapping: FieldSetMapping;
}

// ── Coverage and the pack ────────────────────────────────────────────────────────────────────────

/** `GET cca-api/api/v1/recognition/coverage?fieldSet=&groupId=&offset=&limit=`: the mandatory attributes each consented record still lacks. */
export interface RecognitionCoverage {
  fieldSet: FieldSetId;
  total: number;
  offset: number;
  limit: number;
  rows: Array<{ id: number; name: string | null; missing: string[] }>;
}
export const COVERAGE_DEFAULT_LIMIT = 20;
export const COVERAGE_MAX_LIMIT = 100;

/** `GET cca-api/api/v1/recognition/pack?groupId=`: how many records a pack would hold, and who may make one. */
export interface RecognitionPackInfo {
  groupId: number | null;
  /** Public, published records whose consent allows international registries. */
  records: number;
}

/** The body of `POST cca-api/api/v1/recognition/pack`: the answer is the download log entry (202), as a record export's. */
export interface RecognitionPackRequest {
  fieldSet: FieldSetId;
  format: PackFormat;
  groupId?: number | null;
}

/** Where the file of a finished pack is fetched (its maker or an administrator). */
export const packFilePath = (id: number) => `cca-api/api/v1/recognition/pack/${id}`;

export const RECOGNITION_ERRORS = {
  fieldSet: "recognition:errors.field_set",
  format: "recognition:errors.format",
  attribute: "recognition:errors.attribute",
  field: "recognition:errors.field",
  value: "recognition:errors.value",
  factor: "recognition:errors.factor",
  derivation: "recognition:errors.derivation",
  forbidden: "recognition:errors.forbidden",
} as const;
