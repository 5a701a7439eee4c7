/**
 * Demo templates: the master template of a CCA inventory and two templates that copy master fields
 * and together use all 15 field types, every text in English and Hindi. Option values (what records
 * store and filters match) are English; labels are per language.
 */
import { ROLES } from "@site-config";
import type { CleanField } from "@/contracts/template-rules";
import { ACTIVITY, insertActivity } from "../modules/activity/activity.repository";
import { findTemplateByShortName, insertTemplate, replaceFields, upsertFieldTexts, upsertTemplateText } from "../modules/templates/template.repository";
import type { Queryable } from "../infra/db/db";
import { MASTER_SHORT_NAME, optionParents, PARENT_LABEL_KEY, type FieldType, type MinMax, type PublicPrecision, type TemplatePermission, type TemplatePlatform } from "@/contracts/template";

export interface SeedText {
  en: string;
  hi: string;
}

export interface SeedOption {
  id: string;
  /** Stored value: "Value", "Parent|Child" or "Others|?". */
  value: string;
  label: SeedText;
}

export interface SeedField {
  fieldId: string;
  type: FieldType;
  name: SeedText;
  question?: SeedText;
  helpText?: SeedText;
  isRequired?: boolean;
  isSummaryField?: boolean;
  isTitleColumn?: boolean;
  isFilterable?: boolean;
  isChart?: boolean;
  minMax?: MinMax;
  options?: SeedOption[];
  publicPrecision?: PublicPrecision;
  children?: SeedField[];
}

export interface SeedTemplate {
  shortName: string;
  name: SeedText;
  description: SeedText;
  permissions: TemplatePermission[];
  platform: TemplatePlatform[];
  fields: SeedField[];
}

const t = (en: string, hi: string): SeedText => ({ en, hi });
const option = (id: string, value: string, en: string, hi: string): SeedOption => ({ id, value, label: t(en, hi) });

const STATES: Array<[string, string]> = [
  ["Andhra Pradesh", "आंध्र प्रदेश"], ["Arunachal Pradesh", "अरुणाचल प्रदेश"], ["Assam", "असम"], ["Bihar", "बिहार"],
  ["Chhattisgarh", "छत्तीसगढ़"], ["Goa", "गोवा"], ["Gujarat", "गुजरात"], ["Haryana", "हरियाणा"],
  ["Himachal Pradesh", "हिमाचल प्रदेश"], ["Jharkhand", "झारखंड"], ["Karnataka", "कर्नाटक"], ["Kerala", "केरल"],
  ["Madhya Pradesh", "मध्य प्रदेश"], ["Maharashtra", "महाराष्ट्र"], ["Manipur", "मणिपुर"], ["Meghalaya", "मेघालय"],
  ["Mizoram", "मिज़ोरम"], ["Nagaland", "नागालैंड"], ["Odisha", "ओडिशा"], ["Punjab", "पंजाब"],
  ["Rajasthan", "राजस्थान"], ["Sikkim", "सिक्किम"], ["Tamil Nadu", "तमिलनाडु"], ["Telangana", "तेलंगाना"],
  ["Tripura", "त्रिपुरा"], ["Uttar Pradesh", "उत्तर प्रदेश"], ["Uttarakhand", "उत्तराखंड"], ["West Bengal", "पश्चिम बंगाल"],
  ["Andaman and Nicobar Islands", "अंडमान और निकोबार द्वीपसमूह"], ["Chandigarh", "चंडीगढ़"],
  ["Dadra and Nagar Haveli and Daman and Diu", "दादरा और नगर हवेली और दमन और दीव"], ["Delhi", "दिल्ली"],
  ["Jammu and Kashmir", "जम्मू और कश्मीर"], ["Ladakh", "लद्दाख"], ["Lakshadweep", "लक्षद्वीप"], ["Puducherry", "पुदुचेरी"],
];

/** The names of the option parents ("Forest|Sacred grove" is in the group Forest), per language. */
const PARENTS: Record<string, SeedText> = {
  Forest: t("Forest", "वन"),
  Wetland: t("Wetland", "आर्द्रभूमि"),
  Mountain: t("Mountain", "पर्वत"),
  "Development projects": t("Development projects", "विकास परियोजनाएँ"),
  Waterbirds: t("Waterbirds", "जलपक्षी"),
  "Other birds": t("Other birds", "अन्य पक्षी"),
};

/** The parents' names of a seed field's options in one language (`{}` when its options have none). */
function seedParentLabels(field: SeedField, lang: keyof SeedText): Record<string, string> {
  return Object.fromEntries(optionParents(field.options ?? []).map((p) => [p, PARENTS[p]?.[lang] ?? p]));
}

const slug = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
const OTHERS = (prefix: string) => option(`${prefix}-others`, "Others|?", "Others (please specify)", "अन्य (कृपया बताएँ)");

// ── Master fields ────────────────────────────────────────────────────────────────────────────────

const NAME: SeedField = {
  fieldId: "name-of-cca",
  type: "TEXT",
  name: t("Name of the CCA", "सीसीए का नाम"),
  question: t("What is the community conserved area called?", "इस सामुदायिक संरक्षित क्षेत्र का नाम क्या है?"),
  helpText: t("The name most people use for the area.", "वह नाम जिससे अधिकतर लोग इस क्षेत्र को जानते हैं।"),
  isRequired: true,
  isSummaryField: true,
  isTitleColumn: true,
};

const LOCAL_NAME: SeedField = {
  fieldId: "local-name",
  type: "TEXT",
  name: t("Local name", "स्थानीय नाम"),
  question: t("What do the people who protect it call it, in their own language?", "इसकी रक्षा करने वाले लोग अपनी भाषा में इसे क्या कहते हैं?"),
  isSummaryField: true,
};

const STATE: SeedField = {
  fieldId: "state",
  type: "SINGLE_SELECT_DROPDOWN",
  name: t("State", "राज्य"),
  question: t("In which state or union territory is it?", "यह किस राज्य या केंद्र शासित प्रदेश में है?"),
  isRequired: true,
  isSummaryField: true,
  isFilterable: true,
  isChart: true,
  options: STATES.map(([en, hi]) => option(`state-${slug(en)}`, en, en, hi)),
};

const DISTRICT: SeedField = {
  fieldId: "district",
  type: "TEXT",
  name: t("District", "ज़िला"),
  question: t("In which district is it?", "यह किस ज़िले में है?"),
  isSummaryField: true,
};

const BOUNDARY: SeedField = {
  fieldId: "boundary",
  type: "GEOMETRY",
  name: t("Boundary", "सीमा"),
  question: t("Draw the boundary of the area, or mark its centre.", "क्षेत्र की सीमा बनाएँ, या उसका केंद्र चिह्नित करें।"),
  helpText: t("Communities may ask that the exact place stays private.", "समुदाय चाहें तो सटीक स्थान को निजी रखने के लिए कह सकते हैं।"),
  publicPrecision: "GENERALISED",
};

const ECOSYSTEM: SeedField = {
  fieldId: "ecosystem-type",
  type: "MULTI_SELECT_CHECKBOX",
  name: t("Ecosystem type", "पारिस्थितिकी तंत्र का प्रकार"),
  question: t("Which ecosystems does the area include?", "इस क्षेत्र में कौन-कौन से पारिस्थितिकी तंत्र हैं?"),
  isRequired: true,
  isSummaryField: true,
  isFilterable: true,
  isChart: true,
  options: [
    option("eco-sacred-grove", "Forest|Sacred grove", "Sacred grove", "देववन (पवित्र उपवन)"),
    option("eco-community-forest", "Forest|Community forest", "Community forest", "सामुदायिक वन"),
    option("eco-mangrove", "Forest|Mangrove", "Mangrove", "मैंग्रोव"),
    option("eco-lake", "Wetland|Lake or pond", "Lake or pond", "झील या तालाब"),
    option("eco-river", "Wetland|River stretch", "River stretch", "नदी का हिस्सा"),
    option("eco-coast", "Wetland|Marine and coastal", "Marine and coastal", "समुद्री और तटीय"),
    option("eco-grassland", "Grassland", "Grassland", "घास का मैदान"),
    option("eco-desert", "Desert", "Desert", "मरुस्थल"),
    option("eco-alpine", "Mountain|Alpine meadow", "Alpine meadow", "अल्पाइन चरागाह"),
    OTHERS("eco"),
  ],
};

const AREA: SeedField = {
  fieldId: "area-ha",
  type: "NUMBER",
  name: t("Area (hectares)", "क्षेत्रफल (हेक्टेयर)"),
  question: t("How large is the area, in hectares?", "यह क्षेत्र कितने हेक्टेयर का है?"),
  helpText: t("One hectare is 10,000 square metres (about 2.5 acres).", "एक हेक्टेयर 10,000 वर्ग मीटर (लगभग 2.5 एकड़) होता है।"),
  isSummaryField: true,
  isFilterable: true,
  isChart: true,
  minMax: [0, 1_000_000],
};

const LEGAL_STATUS: SeedField = {
  fieldId: "legal-status",
  type: "SINGLE_SELECT_DROPDOWN",
  name: t("Legal status", "कानूनी स्थिति"),
  question: t("What is the legal status of the land?", "इस भूमि की कानूनी स्थिति क्या है?"),
  isSummaryField: true,
  isFilterable: true,
  isChart: true,
  options: [
    option("legal-cfr", "Community Forest Resource (FRA)", "Community Forest Resource (Forest Rights Act)", "सामुदायिक वन संसाधन (वन अधिकार अधिनियम)"),
    option("legal-reserved", "Reserved Forest", "Reserved Forest", "आरक्षित वन"),
    option("legal-protected", "Protected Forest", "Protected Forest", "संरक्षित वन"),
    option("legal-community-reserve", "Community Reserve (WPA)", "Community Reserve (Wildlife Protection Act)", "सामुदायिक आरक्षित क्षेत्र (वन्यजीव संरक्षण अधिनियम)"),
    option("legal-conservation-reserve", "Conservation Reserve (WPA)", "Conservation Reserve (Wildlife Protection Act)", "संरक्षण आरक्षित क्षेत्र (वन्यजीव संरक्षण अधिनियम)"),
    option("legal-bhs", "Biodiversity Heritage Site", "Biodiversity Heritage Site", "जैव विविधता विरासत स्थल"),
    option("legal-revenue", "Revenue land", "Revenue land", "राजस्व भूमि"),
    option("legal-private", "Private land", "Private land", "निजी भूमि"),
    option("legal-none", "No legal recognition", "No legal recognition", "कोई कानूनी मान्यता नहीं"),
    OTHERS("legal"),
  ],
};

const GOVERNANCE: SeedField = {
  fieldId: "governance",
  type: "SINGLE_SELECT_RADIO",
  name: t("Governance", "शासन व्यवस्था"),
  question: t("Who makes the decisions about the area?", "इस क्षेत्र के बारे में निर्णय कौन लेता है?"),
  isSummaryField: true,
  isFilterable: true,
  isChart: true,
  options: [
    option("gov-gram-sabha", "Gram Sabha", "Village assembly (Gram Sabha)", "ग्राम सभा"),
    option("gov-traditional", "Traditional institution", "Traditional institution", "पारंपरिक संस्था"),
    option("gov-fpc", "Forest Protection Committee", "Forest Protection Committee", "वन सुरक्षा समिति"),
    option("gov-jfm", "Joint Forest Management Committee", "Joint Forest Management Committee", "संयुक्त वन प्रबंधन समिति"),
    option("gov-van-panchayat", "Van Panchayat", "Van Panchayat", "वन पंचायत"),
    OTHERS("gov"),
  ],
};

const COMMUNITY: SeedField = {
  fieldId: "community",
  type: "TEXT",
  name: t("Community", "समुदाय"),
  question: t("Which community or communities protect the area?", "कौन-सा समुदाय या समुदाय इस क्षेत्र की रक्षा करते हैं?"),
  isSummaryField: true,
};

const YEAR_PROTECTED: SeedField = {
  fieldId: "year-protection-began",
  type: "YEAR",
  name: t("Year protection began", "संरक्षण शुरू होने का वर्ष"),
  question: t("In which year did the community begin protecting it?", "समुदाय ने किस वर्ष से इसकी रक्षा शुरू की?"),
  helpText: t("An estimate is fine if nobody remembers the exact year.", "यदि सटीक वर्ष किसी को याद न हो, तो अनुमान लिखें।"),
  isFilterable: true,
  minMax: [1200, 2026],
};

const THREATS: SeedField = {
  fieldId: "threats",
  type: "MULTI_SELECT_DROPDOWN",
  name: t("Threats", "ख़तरे"),
  question: t("What threatens the area today?", "आज इस क्षेत्र को किन चीज़ों से ख़तरा है?"),
  isFilterable: true,
  isChart: true,
  options: [
    option("threat-encroachment", "Encroachment", "Encroachment", "अतिक्रमण"),
    option("threat-mining", "Mining", "Mining", "खनन"),
    option("threat-felling", "Tree felling", "Tree felling", "पेड़ों की कटाई"),
    option("threat-grazing", "Grazing pressure", "Grazing pressure", "अत्यधिक चराई"),
    option("threat-fire", "Fire", "Fire", "आग"),
    option("threat-invasive", "Invasive species", "Invasive species", "आक्रामक प्रजातियाँ"),
    option("threat-roads", "Development projects|Roads", "Roads", "सड़कें"),
    option("threat-dams", "Development projects|Dams", "Dams", "बाँध"),
    OTHERS("threat"),
  ],
};

const PRACTICES: SeedField = {
  fieldId: "practices",
  type: "MULTI_SELECT_CHECKBOX",
  name: t("Conservation practices", "संरक्षण के तरीक़े"),
  question: t("How does the community protect the area?", "समुदाय इस क्षेत्र की रक्षा कैसे करता है?"),
  isFilterable: true,
  options: [
    option("practice-no-felling", "Ban on felling", "Ban on felling", "कटाई पर रोक"),
    option("practice-rotational-grazing", "Rotational grazing", "Rotational grazing", "बारी-बारी से चराई"),
    option("practice-patrolling", "Patrolling", "Patrolling", "गश्त"),
    option("practice-taboos", "Sacred rules", "Sacred rules and taboos", "धार्मिक नियम और वर्जनाएँ"),
    option("practice-fines", "Fines for violations", "Fines for violations", "नियम तोड़ने पर जुर्माना"),
    option("practice-restoration", "Restoration and planting", "Restoration and planting", "पुनर्स्थापन और पौधारोपण"),
    OTHERS("practice"),
  ],
};

const CASE_STUDY: SeedField = {
  fieldId: "case-study",
  type: "RICHTEXT",
  name: t("Case study", "केस स्टडी"),
  question: t("Tell the story of the area and the people who protect it.", "इस क्षेत्र और इसकी रक्षा करने वाले लोगों की कहानी बताएँ।"),
  helpText: t("History, rules, changes over time and what others can learn from it.", "इतिहास, नियम, समय के साथ आए बदलाव और दूसरे इससे क्या सीख सकते हैं।"),
};

const PHOTOS: SeedField = {
  fieldId: "photos",
  type: "FILE",
  name: t("Photos", "तस्वीरें"),
  question: t("Add photos, audio or video of the area.", "क्षेत्र की तस्वीरें, ऑडियो या वीडियो जोड़ें।"),
  helpText: t("Ask people before you photograph them.", "किसी की तस्वीर लेने से पहले उनसे पूछें।"),
  isSummaryField: true,
};

const heading = (fieldId: string, name: SeedText, children: SeedField[]): SeedField => ({ fieldId, type: "HEADING", name, question: name, children });

const MASTER: SeedTemplate = {
  shortName: MASTER_SHORT_NAME,
  name: t("CCA inventory", "सीसीए सूची"),
  description: t(
    "The master template: the fields every community conserved area is described by. Lists, filters, statistics and titles use its fields across all templates.",
    "मुख्य टेम्पलेट: वे फ़ील्ड जिनसे हर सामुदायिक संरक्षित क्षेत्र का वर्णन होता है। सूचियाँ, फ़िल्टर, आँकड़े और शीर्षक सभी टेम्पलेटों में इसी के फ़ील्ड इस्तेमाल करते हैं।",
  ),
  permissions: [ROLES.USER],
  platform: ["DESKTOP", "MOBILE"],
  fields: [
    heading("h-identity", t("Identity", "पहचान"), [NAME, LOCAL_NAME]),
    heading("h-location", t("Location", "स्थान"), [STATE, DISTRICT, BOUNDARY]),
    heading("h-ecology", t("Ecosystem", "पारिस्थितिकी"), [ECOSYSTEM, AREA]),
    heading("h-governance", t("Governance", "शासन व्यवस्था"), [LEGAL_STATUS, GOVERNANCE, COMMUNITY, YEAR_PROTECTED]),
    heading("h-threats", t("Threats and practices", "ख़तरे और संरक्षण के तरीक़े"), [THREATS, PRACTICES]),
    heading("h-story", t("Case study and photos", "केस स्टडी और तस्वीरें"), [CASE_STUDY, PHOTOS]),
  ],
};

// ── Two more templates: together every one of the 15 types ─────────────────────────────────────

const SACRED_GROVES: SeedTemplate = {
  shortName: "sacred-grove-survey",
  name: t("Sacred grove survey", "देववन सर्वेक्षण"),
  description: t(
    "A field survey of a sacred grove: its deity and festivals, who may enter, and the trees it shelters. The exact boundary is never shown to the public.",
    "किसी देववन का क्षेत्रीय सर्वेक्षण: उसके देवता और उत्सव, कौन प्रवेश कर सकता है, और वहाँ कौन-से पेड़ हैं। सटीक सीमा कभी सार्वजनिक नहीं दिखाई जाती।",
  ),
  permissions: [ROLES.USER, ROLES.EXTDATACONTRIBUTOR],
  platform: ["DESKTOP", "MOBILE"],
  fields: [
    heading("sg-h-grove", t("The grove", "देववन"), [
      NAME,
      STATE,
      AREA,
      {
        fieldId: "sg-deity",
        type: "TEXT_AREA",
        name: t("Deity and beliefs", "देवता और मान्यताएँ"),
        question: t("To which deity is the grove dedicated, and what do people believe about it?", "यह देववन किस देवता को समर्पित है, और लोग इसके बारे में क्या मानते हैं?"),
      },
      {
        fieldId: "sg-access",
        type: "SINGLE_SELECT_RADIO",
        name: t("Who may enter", "कौन प्रवेश कर सकता है"),
        question: t("Who may enter the grove?", "देववन में कौन प्रवेश कर सकता है?"),
        isRequired: true,
        isSummaryField: true,
        options: [
          option("sg-access-all", "Open to all", "Open to all", "सभी के लिए खुला"),
          option("sg-access-festivals", "Only during festivals", "Only during festivals", "केवल उत्सवों के दौरान"),
          option("sg-access-priests", "Only priests", "Only priests", "केवल पुजारी"),
          OTHERS("sg-access"),
        ],
      },
    ]),
    heading("sg-h-survey", t("The survey", "सर्वेक्षण"), [
      {
        fieldId: "sg-survey-date",
        type: "DATE",
        name: t("Date of the survey", "सर्वेक्षण की तारीख़"),
        question: t("On which day was the grove surveyed?", "देववन का सर्वेक्षण किस दिन हुआ?"),
        isRequired: true,
        minMax: ["2000-01-01", null],
      },
      {
        fieldId: "sg-festival",
        type: "DATE_RANGE",
        name: t("Festival period", "उत्सव की अवधि"),
        question: t("When is the grove's annual festival held?", "देववन का वार्षिक उत्सव कब मनाया जाता है?"),
      },
      {
        fieldId: "sg-canopy",
        type: "NUMBER_RANGE",
        name: t("Canopy height (metres)", "वृक्ष-छत्र की ऊँचाई (मीटर)"),
        question: t("From how low to how high is the canopy, in metres?", "वृक्ष-छत्र की ऊँचाई कम से कम और अधिक से अधिक कितने मीटर है?"),
        isChart: true,
        minMax: [0, 80],
      },
      {
        fieldId: "sg-boundary",
        type: "GEOMETRY",
        name: t("Boundary of the grove", "देववन की सीमा"),
        question: t("Draw the grove's boundary.", "देववन की सीमा बनाएँ।"),
        helpText: t("Kept private: only you, the editors you choose and curators see it.", "निजी रखी जाती है: इसे केवल आप, आपके चुने हुए संपादक और क्यूरेटर देख सकते हैं।"),
        publicPrecision: "HIDDEN",
      },
      {
        fieldId: "sg-photos",
        type: "FILE",
        name: t("Photos of the grove", "देववन की तस्वीरें"),
        question: t("Add photos of the grove and its shrine.", "देववन और उसके देवस्थान की तस्वीरें जोड़ें।"),
        isSummaryField: true,
      },
    ]),
  ],
};

const WETLANDS: SeedTemplate = {
  shortName: "wetland-monitoring",
  name: t("Community wetland monitoring", "सामुदायिक आर्द्रभूमि निगरानी"),
  description: t(
    "Seasonal monitoring of a community-protected lake, pond or river stretch: water spread, birds seen and threats noticed.",
    "समुदाय द्वारा संरक्षित झील, तालाब या नदी के हिस्से की मौसमी निगरानी: पानी का फैलाव, दिखे पक्षी और देखे गए ख़तरे।",
  ),
  permissions: [ROLES.USER, ROLES.DATACURATOR],
  platform: ["DESKTOP"],
  fields: [
    heading("wm-h-site", t("The wetland", "आर्द्रभूमि"), [
      NAME,
      COMMUNITY,
      YEAR_PROTECTED,
      {
        fieldId: "wm-water-spread",
        type: "NUMBER",
        name: t("Water spread (hectares)", "पानी का फैलाव (हेक्टेयर)"),
        question: t("How many hectares were under water on the day of the visit?", "निरीक्षण के दिन कितने हेक्टेयर में पानी था?"),
        isRequired: true,
        isSummaryField: true,
        isChart: true,
        minMax: [0, 100_000],
      },
      {
        fieldId: "wm-season",
        type: "SINGLE_SELECT_DROPDOWN",
        name: t("Season", "मौसम"),
        question: t("In which season was the visit?", "निरीक्षण किस मौसम में हुआ?"),
        isSummaryField: true,
        options: [
          option("wm-season-summer", "Summer", "Summer", "गर्मी"),
          option("wm-season-monsoon", "Monsoon", "Monsoon", "मानसून"),
          option("wm-season-post-monsoon", "Post-monsoon", "Post-monsoon", "मानसून के बाद"),
          option("wm-season-winter", "Winter", "Winter", "सर्दी"),
        ],
      },
      {
        fieldId: "wm-location",
        type: "GEOMETRY",
        name: t("Location of the wetland", "आर्द्रभूमि का स्थान"),
        question: t("Mark the wetland on the map.", "मानचित्र पर आर्द्रभूमि चिह्नित करें।"),
        publicPrecision: "EXACT",
      },
    ]),
    heading("wm-h-observations", t("Observations", "अवलोकन"), [
      {
        fieldId: "wm-birds",
        type: "MULTI_SELECT_CHECKBOX",
        name: t("Birds seen", "दिखे पक्षी"),
        question: t("Which birds did you see?", "आपने कौन-से पक्षी देखे?"),
        isChart: true,
        options: [
          option("wm-bird-bar-headed-goose", "Waterbirds|Bar-headed goose", "Bar-headed goose", "राजहंस (बार-हेडेड गूज़)"),
          option("wm-bird-sarus", "Waterbirds|Sarus crane", "Sarus crane", "सारस"),
          option("wm-bird-painted-stork", "Waterbirds|Painted stork", "Painted stork", "जांघिल"),
          option("wm-bird-kingfisher", "Other birds|Kingfisher", "Kingfisher", "किलकिला (राम चिरैया)"),
          option("wm-bird-marsh-harrier", "Other birds|Marsh harrier", "Marsh harrier", "दलदली हैरियर"),
          OTHERS("wm-bird"),
        ],
      },
      THREATS,
      {
        fieldId: "wm-notes",
        type: "RICHTEXT",
        name: t("Notes", "टिप्पणियाँ"),
        question: t("What else did you notice?", "आपने और क्या देखा?"),
      },
    ]),
  ],
};

export const SEED_TEMPLATES: readonly SeedTemplate[] = [MASTER, SACRED_GROVES, WETLANDS];

/** A seed field in the shape the rules write (English texts), master copies flagged. */
export function toCleanField(field: SeedField, masterIds: ReadonlySet<string>): CleanField {
  return {
    fieldId: field.fieldId,
    type: field.type,
    name: field.name.en,
    question: field.question?.en ?? "",
    helpText: field.helpText?.en ?? "",
    isRequired: field.isRequired ?? false,
    isMasterField: masterIds.has(field.fieldId),
    isSummaryField: field.isSummaryField ?? false,
    isFilterable: field.isFilterable ?? false,
    isTitleColumn: field.isTitleColumn ?? false,
    isChart: field.isChart ?? false,
    minMax: field.minMax ?? [],
    valueOptions: (field.options ?? []).map((o) => ({ valueId: o.id, value: o.value, label: o.label.en })),
    parentLabels: seedParentLabels(field, "en"),
    publicPrecision: field.type === "GEOMETRY" ? (field.publicPrecision ?? "EXACT") : null,
    children: (field.children ?? []).map((child) => toCleanField(child, masterIds)),
  };
}

/** Every field of a seed tree, depth first. */
export function seedFieldsOf(fields: readonly SeedField[]): SeedField[] {
  return fields.flatMap((f) => [f, ...seedFieldsOf(f.children ?? [])]);
}

/** platform_meta key whose presence means the demo templates were loaded. */
export const DEMO_TEMPLATES_MARKER = "seed.demo.templates";

const HINDI = 206;
const ENGLISH = 205;

/** Writes the demo templates with their English and Hindi texts; `creatorId` is their author. */
export async function insertDemoTemplates(tx: Queryable, creatorId: number | null): Promise<void> {
  const masterIds = new Set(seedFieldsOf(MASTER.fields).map((f) => f.fieldId));
  for (const template of SEED_TEMPLATES) {
    if (await findTemplateByShortName(tx, template.shortName, true)) continue;
    // The demo's master template asks for a curator's review before its records are published (issue 30).
    const needsReview = template.shortName === MASTER.shortName;
    const id = await insertTemplate(tx, { shortName: template.shortName, parentName: null, permissions: template.permissions, platform: template.platform, needsReview }, creatorId);
    await upsertTemplateText(tx, id, ENGLISH, template.name.en, template.description.en);
    await upsertTemplateText(tx, id, HINDI, template.name.hi, template.description.hi);
    await replaceFields(tx, id, template.fields.map((f) => toCleanField(f, masterIds)), [ENGLISH]);
    await upsertFieldTexts(
      tx,
      id,
      HINDI,
      seedFieldsOf(template.fields).map((f) => ({
        fieldId: f.fieldId,
        name: f.name.hi,
        question: f.question?.hi ?? "",
        helpText: f.helpText?.hi ?? "",
        optionLabels: {
          ...Object.fromEntries((f.options ?? []).map((o) => [o.id, o.label.hi])),
          ...Object.fromEntries(Object.entries(seedParentLabels(f, "hi")).map(([p, label]) => [PARENT_LABEL_KEY(p), label])),
        },
      })),
    );
    if (creatorId !== null) {
      await insertActivity(tx, { holderType: "ccaTemplate", holderId: id, userId: creatorId, activityType: ACTIVITY.templateCreated, description: template.shortName });
    }
  }
}
