/**
 * The mapping installed for the demo master template (migration 0030; an administrator changes it at
 * `/admin/recognition`). Field ids are the master template's (src/server/seed/demo-templates.ts); the
 * option maps key the options' stored values. CCAs are reported as OECMs (PA_DEF 0, SITE_TYPE OECM,
 * IUCN_CAT Not Applicable): most Indian CCAs are not legally designated protected areas, and a
 * community reserve or a CFR may be changed to PA by the mapping. Choices are explained in the README.
 */
import type { FieldSetId, FieldSetMapping, MappingEntry } from "@/contracts/recognition";

const constant = (value: string): MappingEntry => ({ source: "constant", value });
const derived = (derive: Extract<MappingEntry, { source: "derived" }>["derive"], fieldIds?: string[]): MappingEntry => ({ source: "derived", derive, ...(fieldIds ? { fieldIds } : {}) });

/** Who decides (governance field) → GOV_TYPE. */
export const DEMO_GOVERNANCE_OPTIONS: Record<string, string> = {
  "Gram Sabha": "Local communities",
  "Traditional institution": "Indigenous peoples",
  "Forest Protection Committee": "Local communities",
  "Joint Forest Management Committee": "Collaborative governance",
  "Van Panchayat": "Local communities",
  "Others|?": "Not Reported",
};

/** Legal status of the land → OWN_TYPE. */
export const DEMO_OWNERSHIP_OPTIONS: Record<string, string> = {
  "Community Forest Resource (FRA)": "Communal",
  "Reserved Forest": "State",
  "Protected Forest": "State",
  "Community Reserve (WPA)": "Communal",
  "Conservation Reserve (WPA)": "State",
  "Biodiversity Heritage Site": "Not Reported",
  "Revenue land": "State",
  "Private land": "Individual landowners",
  "No legal recognition": "Not Reported",
  "Others|?": "Not Reported",
};

const NAMES_ENGLISH = ["name-of-cca", "local-name"];
const NAMES_ORIGINAL = ["local-name", "name-of-cca"];

const common: FieldSetMapping = {
  DESIG: constant("Community Conserved Area"),
  DESIG_ENG: constant("Community Conserved Area"),
  DESIG_TYPE: constant("National"),
  IUCN_CAT: constant("Not Applicable"),
  INT_CRIT: constant("Not Applicable"),
  REP_M_AREA: constant("0"),
  REP_AREA: { source: "field", fieldId: "area-ha", factor: 0.01, fallback: "area" },
  NO_TAKE: constant("Not Applicable"),
  NO_TK_AREA: constant("0"),
  STATUS: constant("Established"),
  STATUS_YR: { source: "field", fieldId: "year-protection-began", otherwise: "0" },
  GOV_TYPE: { source: "field", fieldId: "governance", options: DEMO_GOVERNANCE_OPTIONS },
  OWN_TYPE: { source: "field", fieldId: "legal-status", options: DEMO_OWNERSHIP_OPTIONS },
  MANG_AUTH: { source: "field", fieldId: "community" },
  MANG_PLAN: constant("Not Reported"),
  VERIF: constant("Not Reported"),
  METADATAID: derived("metadataId"),
  SUB_LOC: derived("subLocation"),
  ISO3: derived("iso3"),
  SUPP_INFO: { source: "none" },
  CONS_OBJ: { source: "none" },
};

export const DEFAULT_MAPPINGS: Record<FieldSetId, FieldSetMapping> = {
  wdpa16: {
    WDPAID: derived("recordId"),
    WDPA_PID: derived("recordId"),
    PA_DEF: constant("0"),
    NAME: derived("nameEnglish", NAMES_ENGLISH),
    ORIG_NAME: derived("nameOriginal", NAMES_ORIGINAL),
    MARINE: { source: "field", fieldId: "ecosystem-type", options: { "Wetland|Marine and coastal": "1" }, otherwise: "0" },
    PARENT_ISO3: derived("iso3"),
    ...common,
  },
  wdpca2025: {
    SITE_ID: derived("recordId"),
    SITE_PID: derived("recordId"),
    NAME_ENG: derived("nameEnglish", NAMES_ENGLISH),
    NAME: derived("nameOriginal", NAMES_ORIGINAL),
    REALM: { source: "field", fieldId: "ecosystem-type", options: { "Wetland|Marine and coastal": "Coastal" }, otherwise: "Terrestrial" },
    SITE_TYPE: constant("OECM"),
    PRNT_ISO3: derived("iso3"),
    GOVSUBTYPE: { source: "none" },
    OWNSUBTYPE: { source: "none" },
    INLND_WTRS: { source: "none" },
    OECM_ASMT: { source: "none" },
    ...common,
  },
};
