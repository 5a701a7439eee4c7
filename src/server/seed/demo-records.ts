/**
 * Demo CCA records (issue 12 item 5): about sixty community conserved areas of the kinds India's CCA
 * literature documents (sacred groves, community forests, van panchayats, orans, fishing commons,
 * heronries, alpine pastures), in English and Hindi, spread over the states and posted to the demo
 * groups. Where a fact about a real place is uncertain the record stays generic ("Devrai near
 * Ratnagiri"); areas and years of generic records are plausible, not measured.
 *
 * Values are stored as records store them (reference §4.3): option values with their `valueId`,
 * `value` and English `label` (free text for "Others|?"), YEAR as a number, GEOMETRY as a GeoJSON
 * FeatureCollection in WGS84 lon/lat, FILE values pointing at `seed-photo:<name>` of
 * DEMO_RECORD_IMAGES (the seed writes the images into the files store and rewrites the paths).
 */
import type { ConsentInput } from "@/contracts/consent";
import type { RestrictionOverrides } from "@/contracts/restrictions";
import type { StoredFieldValue } from "@/server/modules/records/record-values";
import { SEED_TEMPLATES, seedFieldsOf, type SeedField } from "./demo-templates";
import { SEED_USERS } from "./demo-users";

export interface DemoRecord {
  /** Stable and unique: the seed and tests find a record by it. */
  key: string;
  shortName: "master" | "sacred-grove-survey" | "wetland-monitoring";
  /** An email of SEED_USERS (demo-users.ts). */
  ownerEmail: string;
  /** Slugs of SEED_GROUPS (demo-groups.ts). */
  groupSlugs: string[];
  /** ISO date. */
  createdOn: string;
  location: { state: string; district: string | null; tahsil: string | null } | null;
  /** fieldId → value; FILE values use the placeholder path "seed-photo:<name>" for images of DEMO_RECORD_IMAGES. */
  values: Record<string, StoredFieldValue>;
  /** The community's consent (issue 30); absent: the contributor's declaration for the public. */
  consent?: ConsentInput;
  /** Local Contexts label ids applied by its owner, and its curators' treatment overrides (issue 30). */
  labels?: string[];
  restrictions?: RestrictionOverrides;
}

// ── Value builders ──────────────────────────────────────────────────────────────────────────────

/** Every field of the demo templates by id (master copies share the master's id and texts). */
const FIELDS = new Map<string, SeedField>();
for (const template of SEED_TEMPLATES) for (const f of seedFieldsOf(template.fields)) if (!FIELDS.has(f.fieldId)) FIELDS.set(f.fieldId, f);

function fieldOf(fieldId: string): SeedField {
  const field = FIELDS.get(fieldId);
  if (!field) throw new Error(`demo-records: no field ${fieldId} in the demo templates`);
  return field;
}

const stored = (fieldId: string, value: unknown): StoredFieldValue => {
  const field = fieldOf(fieldId);
  return { fieldId, name: field.name.en, type: field.type, value };
};

interface OptionValue {
  valueId: string;
  label: string;
  value: string;
}

/**
 * The stored option of a field by its `value`. "Others|?: free text" picks the field's Others option
 * and keeps the text as its label, as the record editor does.
 */
function optionOf(fieldId: string, spec: string): OptionValue {
  const other = spec.match(/^Others\|\?:\s*(.+)$/);
  const value = other ? "Others|?" : spec;
  const option = fieldOf(fieldId).options?.find((o) => o.value === value);
  if (!option) throw new Error(`demo-records: field ${fieldId} has no option "${value}"`);
  return { valueId: option.id, label: other ? other[1]! : option.label.en, value: option.value };
}

const one = (fieldId: string, spec: string) => stored(fieldId, optionOf(fieldId, spec));
const many = (fieldId: string, specs: readonly string[]) => stored(fieldId, specs.map((s) => optionOf(fieldId, s)));

/** Rich text from paragraphs. */
const html = (...paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join("");

type LonLat = [number, number];

interface GeoFeatureCollection {
  type: "FeatureCollection";
  features: Array<{ type: "Feature"; properties: Record<string, unknown>; geometry: { type: "Point" | "Polygon"; coordinates: unknown } }>;
}

/** A small deterministic generator (mulberry32) seeded from a string, so shapes never change between seeds. */
function randomFrom(text: string): () => number {
  let seed = [...text].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 2654435761) >>> 0, 2166136261);
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;
const KM_PER_DEGREE = 111.32;

/**
 * An irregular closed polygon of 6–12 vertices around `centre` whose area is roughly `areaHa`
 * (vertex distances vary ±25 %, the shape is a little stretched one way).
 */
export function polygonAround(centre: LonLat, areaHa: number, seedText: string): GeoFeatureCollection {
  const random = randomFrom(seedText);
  const vertices = 6 + Math.floor(random() * 7);
  const radiusKm = Math.sqrt(areaHa / 100 / Math.PI);
  const stretch = 0.8 + random() * 0.5;
  const turn = random() * Math.PI;
  const [lon, lat] = centre;
  const ring: LonLat[] = [];
  for (let i = 0; i < vertices; i++) {
    const angle = turn + (2 * Math.PI * (i + (random() - 0.5) * 0.4)) / vertices;
    const r = radiusKm * (0.75 + random() * 0.5);
    const dx = r * Math.cos(angle) * stretch;
    const dy = (r * Math.sin(angle)) / stretch;
    ring.push([round5(lon + dx / (KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180))), round5(lat + dy / KM_PER_DEGREE)]);
  }
  ring.push([...ring[0]!]);
  return { type: "FeatureCollection", features: [{ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [ring] } }] };
}

const pointAt = ([lon, lat]: LonLat): GeoFeatureCollection => ({
  type: "FeatureCollection",
  features: [{ type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [round5(lon), round5(lat)] } }],
});

const LICENSES = ["CC_BY", "CC_BY_SA", "CC_BY_NC_SA", "CC_BY", "CC_BY_NC", "CC_PUBLIC_DOMAIN", "CC_BY_SA", "CC_BY_NC_ND"] as const;
const DEVANAGARI = /[\u0900-\u097F]/;
const nameOfOwner = (email: string) => {
  const user = SEED_USERS.find((u) => u.email === email);
  if (!user) throw new Error(`demo-records: no demo user ${email}`);
  return user.name;
};

let photoCount = 0;
/** FILE items for images of DEMO_RECORD_IMAGES, credited to the record's owner, licences in turn. */
function photos(names: readonly string[], ownerEmail: string, hindi: boolean) {
  const owner = nameOfOwner(ownerEmail);
  return names.map((name) => ({
    path: `seed-photo:${name}`,
    type: "image",
    attribution: hindi ? `चित्र: ${owner} (डेमो)` : `Drawing by ${owner} (demo)`,
    license: LICENSES[photoCount++ % LICENSES.length]!,
  }));
}

// ── Record specs ──────────────────────────────────────────────────────────────────────────────────

const FOUNDER = "founder@example.org";
const MEMBER = "member@example.org";
const ADMIN = "admin@example.org";
const TEMPLATES = "templates@example.org";
const CURATOR = "datacurator@example.org";
const PAGES = "pages@example.org";
const DOCUMENTS = "documents@example.org";
const CONTRIBUTOR = "contributor@example.org";

/**
 * Public consent that also allows submission to international registries (issue 31: the WDPCA / ICCA
 * Registry pack holds these records only), given by the community at a meeting.
 */
const REGISTRY_CONSENT: ConsentInput = {
  audience: "PUBLIC", registries: true, givenBy: "COMMUNITY", method: "MEETING", givenOn: "2026-01-20",
  note: "The community agreed that the area may be reported to the WDPCA and the ICCA Registry",
};

const SACRED = "sacred-groves";
const NAGALAND = "nagaland-community-forests";
const BANNI = "banni-grasslands";
const CHILIKA = "chilika";

interface CommonSpec {
  key: string;
  owner: string;
  groups?: string[];
  created: string;
  /** English state name: an option value of the master `state` field. */
  state: string;
  /** English district name, for `location`. */
  district: string;
  tahsil?: string;
  /** Centre of the area, [lon, lat]. */
  at: LonLat;
  /** A polygon of about the area by default; a point, or no geometry at all. */
  shape?: "point" | "none";
  photos?: string[];
  consent?: ConsentInput;
  labels?: string[];
  restrictions?: RestrictionOverrides;
}

interface MasterSpec extends CommonSpec {
  name: string;
  local?: string;
  /** The district as the entrant wrote it (Hindi records write it in Hindi); defaults to `district`. */
  districtText?: string;
  eco: string[];
  area?: number;
  legal?: string;
  gov?: string;
  community?: string;
  year?: number;
  threats?: string[];
  practices?: string[];
  story?: string[];
}

interface GroveSpec extends CommonSpec {
  name: string;
  area: number;
  deity: string;
  access: string;
  surveyed: string;
  festival?: [string, string];
  canopy?: [number, number];
}

interface WetlandSpec extends CommonSpec {
  name: string;
  community: string;
  year?: number;
  waterHa: number;
  season: string;
  birds?: string[];
  threats?: string[];
  notes?: string[];
}

const isHindi = (name: string) => DEVANAGARI.test(name);

function geometryOf(spec: CommonSpec, areaHa: number | undefined): GeoFeatureCollection | null {
  if (spec.shape === "none") return null;
  if (spec.shape === "point" || areaHa === undefined) return pointAt(spec.at);
  return polygonAround(spec.at, areaHa, spec.key);
}

function recordOf(shortName: DemoRecord["shortName"], spec: CommonSpec, values: Array<[string, StoredFieldValue | null]>): DemoRecord {
  return {
    key: spec.key,
    shortName,
    ownerEmail: spec.owner,
    groupSlugs: spec.groups ?? [],
    createdOn: spec.created,
    location: { state: spec.state, district: spec.district, tahsil: spec.tahsil ?? null },
    values: Object.fromEntries(values.filter((entry): entry is [string, StoredFieldValue] => entry[1] !== null)),
    ...(spec.consent ? { consent: spec.consent } : {}),
    ...(spec.labels ? { labels: spec.labels } : {}),
    ...(spec.restrictions ? { restrictions: spec.restrictions } : {}),
  };
}

const maybe = <T>(value: T | undefined, build: (v: T) => StoredFieldValue): StoredFieldValue | null => (value === undefined ? null : build(value));
const listOrNull = (list: string[] | undefined, build: (v: string[]) => StoredFieldValue) => (list && list.length > 0 ? build(list) : null);

function masterRecord(s: MasterSpec): DemoRecord {
  const geometry = geometryOf(s, s.area);
  return recordOf("master", s, [
    ["name-of-cca", stored("name-of-cca", s.name)],
    ["local-name", maybe(s.local, (v) => stored("local-name", v))],
    ["state", one("state", s.state)],
    ["district", stored("district", s.districtText ?? s.district)],
    ["boundary", geometry && stored("boundary", geometry)],
    ["ecosystem-type", many("ecosystem-type", s.eco)],
    ["area-ha", maybe(s.area, (v) => stored("area-ha", v))],
    ["legal-status", maybe(s.legal, (v) => one("legal-status", v))],
    ["governance", maybe(s.gov, (v) => one("governance", v))],
    ["community", maybe(s.community, (v) => stored("community", v))],
    ["year-protection-began", maybe(s.year, (v) => stored("year-protection-began", v))],
    ["threats", listOrNull(s.threats, (v) => many("threats", v))],
    ["practices", listOrNull(s.practices, (v) => many("practices", v))],
    ["case-study", maybe(s.story, (v) => stored("case-study", html(...v)))],
    ["photos", listOrNull(s.photos, (v) => stored("photos", photos(v, s.owner, isHindi(s.name))))],
  ]);
}

function groveRecord(s: GroveSpec): DemoRecord {
  const geometry = geometryOf(s, s.area);
  return recordOf("sacred-grove-survey", s, [
    ["name-of-cca", stored("name-of-cca", s.name)],
    ["state", one("state", s.state)],
    ["area-ha", stored("area-ha", s.area)],
    ["sg-deity", stored("sg-deity", s.deity)],
    ["sg-access", one("sg-access", s.access)],
    ["sg-survey-date", stored("sg-survey-date", s.surveyed)],
    ["sg-festival", maybe(s.festival, (v) => stored("sg-festival", v))],
    ["sg-canopy", maybe(s.canopy, (v) => stored("sg-canopy", v))],
    ["sg-boundary", geometry && stored("sg-boundary", geometry)],
    ["sg-photos", listOrNull(s.photos, (v) => stored("sg-photos", photos(v, s.owner, isHindi(s.name))))],
  ]);
}

function wetlandRecord(s: WetlandSpec): DemoRecord {
  const geometry = geometryOf(s, s.waterHa);
  return recordOf("wetland-monitoring", s, [
    ["name-of-cca", stored("name-of-cca", s.name)],
    ["community", stored("community", s.community)],
    ["year-protection-began", maybe(s.year, (v) => stored("year-protection-began", v))],
    ["wm-water-spread", stored("wm-water-spread", s.waterHa)],
    ["wm-season", one("wm-season", s.season)],
    ["wm-location", geometry && stored("wm-location", geometry)],
    ["wm-birds", listOrNull(s.birds, (v) => many("wm-birds", v))],
    ["threats", listOrNull(s.threats, (v) => many("threats", v))],
    ["wm-notes", maybe(s.notes, (v) => stored("wm-notes", html(...v)))],
  ]);
}

// Option values used below, by field: ecosystem-type "Forest|Sacred grove", "Forest|Community forest",
// "Forest|Mangrove", "Wetland|Lake or pond", "Wetland|River stretch", "Wetland|Marine and coastal",
// "Grassland", "Desert", "Mountain|Alpine meadow"; threats "Development projects|Roads", "…|Dams".
const GROVE = "Forest|Sacred grove";
const CFOREST = "Forest|Community forest";
const MANGROVE = "Forest|Mangrove";
const LAKE = "Wetland|Lake or pond";
const RIVER = "Wetland|River stretch";
const COAST = "Wetland|Marine and coastal";
const ALPINE = "Mountain|Alpine meadow";
const ROADS = "Development projects|Roads";
const DAMS = "Development projects|Dams";

// ── Master records ────────────────────────────────────────────────────────────────────────────────

const MASTER_SPECS: MasterSpec[] = [
  // Meghalaya
  {
    key: "mawphlang-sacred-forest", consent: REGISTRY_CONSENT, owner: FOUNDER, groups: [SACRED], created: "2024-02-10",
    state: "Meghalaya", district: "East Khasi Hills", tahsil: "Mawphlang", at: [91.755, 25.449],
    name: "Mawphlang sacred forest", local: "Law Lyngdoh", eco: [GROVE], area: 78,
    legal: "No legal recognition", gov: "Traditional institution", community: "Khasi villages of Hima Mawphlang",
    threats: ["Fire"], practices: ["Ban on felling", "Sacred rules"],
    story: [
      "The sacred forest of Mawphlang is looked after by the Lyngdoh, the priest of the clan, and the village institutions of Hima Mawphlang. Nothing may be taken out of it, not even a fallen leaf or a dead twig.",
      "Monoliths at its edge mark places where ceremonies are still held. Visitors enter only with a local guide and keep to the path.",
    ],
    photos: ["monoliths-forest.svg", "sacred-grove-canopy.svg"],
  },
  // Nagaland
  {
    key: "khonoma-tragopan-sanctuary", consent: REGISTRY_CONSENT, owner: FOUNDER, groups: [NAGALAND], created: "2024-01-18",
    state: "Nagaland", district: "Kohima", at: [94.02, 25.65],
    name: "Khonoma Nature Conservation and Tragopan Sanctuary", eco: [CFOREST], area: 2000,
    legal: "Others|?: Community land (Article 371A)", gov: "Traditional institution", community: "Angami Naga of Khonoma village", year: 1998,
    threats: ["Tree felling", "Fire"], practices: ["Ban on felling", "Patrolling", "Fines for violations"],
    story: [
      "In 1998 the village council of Khonoma set aside about twenty square kilometres of its forest as a sanctuary for Blyth's tragopan and other wildlife, after elders and young people agreed that hunting had emptied their hills.",
      "Hunting and felling are banned inside the sanctuary and the council sets the fines. Khonoma has since become an example for many Naga villages, and welcomes visitors in village-run homestays.",
    ],
    photos: ["naga-hill-village.svg", "forest-patrol.svg"],
  },
  {
    key: "sendenyu-community-reserve", owner: FOUNDER, groups: [NAGALAND], created: "2024-03-05",
    state: "Nagaland", district: "Tseminyu", at: [94.12, 25.82],
    name: "Sendenyu community wildlife reserve", eco: [CFOREST, RIVER], area: 1000,
    gov: "Traditional institution", community: "Rengma Naga of Sendenyu village", year: 2003,
    threats: ["Tree felling"], practices: ["Ban on felling", "Fines for violations"],
  },
  {
    key: "pangti-amur-falcon-roost", owner: ADMIN, groups: [NAGALAND], created: "2024-10-28",
    state: "Nagaland", district: "Wokha", at: [94.22, 26.16],
    name: "Amur falcon roosting forests of Pangti", eco: [CFOREST, LAKE], area: 500,
    gov: "Traditional institution", community: "Lotha Naga of Pangti and neighbouring villages", year: 2013,
    threats: ["Tree felling", "Fire"], practices: ["Patrolling", "Fines for violations"],
    story: [
      "Every October huge flocks of Amur falcons roost in the forests near the Doyang reservoir on their way from north-east Asia to southern Africa. After the netting of roosting falcons drew national attention in 2012, the village councils and churches of Pangti and its neighbours resolved to stop the hunt.",
      "Young people now patrol the roosts during the migration and welcome birdwatchers, and Pangti calls itself the falcon capital of the world.",
    ],
    photos: ["naga-hill-village.svg"],
  },
  {
    key: "phek-chakhesang-community-forest", owner: ADMIN, groups: [NAGALAND], created: "2025-04-14",
    state: "Nagaland", district: "Phek", tahsil: "Pfutsero", at: [94.29, 25.56],
    name: "Community forest of a Chakhesang village near Pfutsero", eco: [CFOREST], area: 300,
    gov: "Traditional institution", community: "Chakhesang Naga", year: 2010,
    threats: ["Fire"], practices: ["Ban on felling", "Restoration and planting"],
  },
  {
    key: "mon-konyak-village-reserve", owner: FOUNDER, groups: [NAGALAND], created: "2025-09-02",
    state: "Nagaland", district: "Mon", at: [95.01, 26.72], shape: "none",
    name: "Village wildlife reserve near Mon", eco: [CFOREST], area: 800,
    gov: "Traditional institution", community: "Konyak Naga", year: 2016,
    practices: ["Patrolling", "Fines for violations"],
  },
  {
    key: "zunheboto-sumi-community-forest", owner: FOUNDER, groups: [NAGALAND], created: "2026-02-19",
    state: "Nagaland", district: "Zunheboto", at: [94.52, 26.0],
    name: "Community forest of a Sumi village, Zunheboto", eco: [CFOREST], area: 450,
    gov: "Traditional institution", community: "Sumi Naga", year: 2014,
    threats: ["Tree felling"], practices: ["Ban on felling", "Patrolling"],
  },
  // Maharashtra
  {
    key: "mendha-lekha-cfr", owner: MEMBER, created: "2024-04-22",
    state: "Maharashtra", district: "Gadchiroli", tahsil: "Dhanora", at: [80.15, 20.35],
    name: "Mendha-Lekha community forest", local: "मेंढा (लेखा)", eco: [CFOREST], area: 1809,
    legal: "Community Forest Resource (FRA)", gov: "Gram Sabha", community: "Gond adivasis of Mendha-Lekha", year: 1987,
    threats: ["Tree felling"], practices: ["Ban on felling", "Fines for violations", "Restoration and planting"],
    story: [
      "The Gond village of Mendha-Lekha takes every decision about its forest in its gram sabha, by consensus, under the saying \"our government is in Delhi and Mumbai, but in our village we are the government\". Study circles meet to discuss a proposal before the gram sabha decides.",
      "In 2009 it became one of the first villages in India to receive community forest resource rights under the Forest Rights Act, and it went on to harvest and sell its bamboo itself.",
    ],
    photos: ["gram-sabha-meeting.svg", "forest-patrol.svg"],
  },
  {
    key: "pachgaon-community-forest", owner: CONTRIBUTOR, created: "2025-01-30",
    state: "Maharashtra", district: "Chandrapur", tahsil: "Rajura", districtText: "चंद्रपुर", at: [79.36, 19.78],
    name: "पाचगाँव का सामुदायिक वन", eco: [CFOREST], area: 1006,
    legal: "Community Forest Resource (FRA)", gov: "Gram Sabha", community: "पाचगाँव के ग्रामवासी", year: 2012,
    threats: ["Tree felling", "Fire"], practices: ["Patrolling", "Fines for violations", "Ban on felling"],
    story: [
      "वन अधिकार अधिनियम के तहत सामुदायिक वन संसाधन का अधिकार मिलने के बाद पाचगाँव की ग्राम सभा ने अपने जंगल की रक्षा और बाँस के प्रबंधन की ज़िम्मेदारी ख़ुद उठाई।",
      "गाँव के लोग बारी-बारी से जंगल में गश्त करते हैं और नियम तोड़ने पर ग्राम सभा जुर्माना तय करती है। बाँस की बिक्री से गाँव में ही काम मिलने लगा है।",
    ],
    photos: ["gram-sabha-meeting.svg"],
  },
  {
    key: "devrai-near-ratnagiri", owner: MEMBER, groups: [SACRED], created: "2024-06-09",
    state: "Maharashtra", district: "Ratnagiri", at: [73.42, 17.02],
    name: "Devrai near Ratnagiri", local: "देवराई", eco: [GROVE], area: 6,
    legal: "Revenue land", gov: "Traditional institution", community: "Villagers of a Konkan hamlet",
    threats: ["Encroachment", "Tree felling"], practices: ["Sacred rules", "Ban on felling", "Restoration and planting"],
    photos: ["grove-shrine.svg"],
  },
  {
    key: "devrai-near-bhimashankar", consent: REGISTRY_CONSENT, owner: FOUNDER, groups: [SACRED], created: "2024-07-15",
    state: "Maharashtra", district: "Pune", tahsil: "Ambegaon", at: [73.56, 19.05],
    name: "Devrai near Bhimashankar", local: "देवराई", eco: [GROVE], area: 12,
    legal: "No legal recognition", gov: "Traditional institution", community: "Mahadev Koli villagers",
    threats: ["Fire", ROADS], practices: ["Sacred rules", "Ban on felling"],
    photos: ["sacred-grove-canopy.svg"],
  },
  // Kerala
  {
    key: "sarpa-kavu-alappuzha", owner: CURATOR, groups: [SACRED], created: "2024-08-21",
    state: "Kerala", district: "Alappuzha", at: [76.42, 9.3],
    name: "Sarpa kavu near Alappuzha", local: "സർപ്പക്കാവ്", eco: [GROVE], area: 0.4,
    legal: "Private land", gov: "Traditional institution", community: "A joint family and its neighbours",
    threats: ["Encroachment"], practices: ["Sacred rules", "Restoration and planting"],
    photos: ["grove-shrine.svg"],
  },
  {
    key: "vazhachal-cfr", owner: CURATOR, created: "2024-11-11",
    state: "Kerala", district: "Thrissur", tahsil: "Chalakudy", at: [76.55, 10.3],
    name: "Vazhachal community forest resource", eco: [CFOREST, RIVER], area: 25000,
    legal: "Community Forest Resource (FRA)", gov: "Gram Sabha", community: "Kadar adivasi hamlets", year: 2014,
    threats: [DAMS], practices: ["Patrolling", "Restoration and planting"],
    photos: ["forest-patrol.svg"],
  },
  // Karnataka
  {
    key: "kokkare-bellur-heronry", owner: ADMIN, created: "2024-05-03",
    state: "Karnataka", district: "Mandya", tahsil: "Maddur", at: [77.09, 12.5], shape: "point",
    name: "Kokkare Bellur heronry", local: "ಕೊಕ್ಕರೆ ಬೆಳ್ಳೂರು", eco: ["Others|?: Village trees (heronry)", LAKE], area: 30,
    legal: "Private land", gov: "Traditional institution", community: "Villagers of Kokkare Bellur",
    threats: ["Tree felling"], practices: ["Ban on felling"],
    story: [
      "Painted storks and spot-billed pelicans nest every year on the trees among the houses and fields of Kokkare Bellur, and villagers count the birds as bringers of luck. Families do not disturb the nests and use the droppings that fall below as manure.",
      "The birds feed in the tanks and the river nearby, so the village's care for its water matters as much as its care for the trees.",
    ],
    photos: ["heronry-trees.svg"],
  },
  {
    key: "soppina-betta-sagar", owner: PAGES, created: "2025-03-17",
    state: "Karnataka", district: "Shivamogga", tahsil: "Sagar", at: [75.03, 14.17],
    name: "Soppina betta of areca growers near Sagar", eco: [CFOREST], area: 90,
    legal: "Others|?: Forest land with leaf-manure privileges", gov: "Traditional institution", community: "Areca-growing families",
    threats: ["Encroachment", "Tree felling"], practices: ["Restoration and planting", "Ban on felling"],
    photos: ["sacred-grove-canopy.svg"],
  },
  // Odisha
  {
    key: "nayagarh-thengapalli-forest", owner: PAGES, created: "2024-09-25",
    state: "Odisha", district: "Nayagarh", at: [85.1, 20.13],
    name: "Village forest guarded by thengapalli, Nayagarh", eco: [CFOREST], area: 250,
    legal: "Protected Forest", gov: "Forest Protection Committee", community: "Villagers of a Nayagarh hill village", year: 1985,
    threats: ["Fire", "Tree felling"], practices: ["Patrolling", "Fines for violations", "Ban on felling"],
    story: [
      "When the hills around the village went bare, its youth club began guarding the forest by thengapalli: each evening a stick is passed on to the next household, whose turn it is to patrol. Sal and its companions have grown back.",
      "The village meets with its neighbours in a federation of forest protection committees to settle boundaries and disputes.",
    ],
    photos: ["forest-patrol.svg", "gram-sabha-meeting.svg"],
  },
  {
    key: "jaherthan-mayurbhanj", owner: MEMBER, groups: [SACRED], created: "2025-03-02",
    state: "Odisha", district: "Mayurbhanj", at: [86.73, 21.93],
    name: "Jaherthan of a Santal village", eco: [GROVE], area: 2,
    legal: "Revenue land", gov: "Traditional institution", community: "Santal villagers",
    threats: ["Encroachment"], practices: ["Sacred rules"],
    photos: ["sacred-grove-canopy.svg"],
  },
  {
    key: "niyamgiri-hills", owner: ADMIN, created: "2024-12-06",
    state: "Odisha", district: "Rayagada", at: [83.4, 19.6], shape: "none",
    name: "Niyamgiri hills", eco: [CFOREST, GROVE], area: 25000,
    gov: "Gram Sabha", community: "Dongria Kondh",
    threats: ["Mining"], practices: ["Sacred rules"],
    story: [
      "The Dongria Kondh revere the Niyamgiri hills as the home of Niyam Raja, their god and lawgiver, and grow millets and fruit on the slopes below its forested summits.",
      "In 2013, after an order of the Supreme Court, the gram sabhas consulted about a proposed bauxite mine on the hills all rejected it. The community asked that no boundary of the hills be drawn here.",
    ],
  },
  {
    key: "chilika-rambha-fishing-grounds", consent: REGISTRY_CONSENT, owner: ADMIN, groups: [CHILIKA], created: "2024-02-27",
    state: "Odisha", district: "Ganjam", tahsil: "Rambha", at: [85.16, 19.55],
    name: "Traditional fishing grounds near Rambha", eco: [LAKE, COAST], area: 1500,
    gov: "Traditional institution", community: "Fishing villages of southern Chilika",
    threats: ["Encroachment", "Others|?: Prawn enclosures (gheris)"], practices: ["Fines for violations", "Patrolling"],
    story: [
      "The fishing villages of southern Chilika divide the lagoon's waters among themselves by custom, each with its own grounds and seasons for its stake nets. Prawn enclosures built by outsiders in the 1990s broke up these grounds and led to long disputes.",
      "Since the lagoon's mouth was reopened and many enclosures were removed, catches have recovered, and the villages keep watch over their grounds from the boats.",
    ],
    photos: ["lagoon-fishing-boats.svg"],
  },
  {
    key: "chilika-balugaon-fishing-commons", owner: CURATOR, groups: [CHILIKA], created: "2025-06-18",
    state: "Odisha", district: "Khordha", at: [85.22, 19.71], shape: "point",
    name: "Fishing commons of a village near Balugaon", eco: [LAKE], area: 600,
    gov: "Traditional institution", community: "Fishing families of the western shore",
    practices: ["Fines for violations"],
  },
  {
    key: "chilika-krushnaprasad-island-waters", owner: ADMIN, groups: [CHILIKA], created: "2026-01-12",
    state: "Odisha", district: "Puri", tahsil: "Krushnaprasad", at: [85.4, 19.62],
    name: "Waters of an island village in Chilika", eco: [LAKE, COAST], area: 900,
    gov: "Traditional institution", community: "Fishers of a Krushnaprasad island village",
    threats: ["Encroachment"], practices: ["Patrolling"],
  },
  // Rajasthan
  {
    key: "oran-near-jaisalmer", owner: CONTRIBUTOR, groups: [SACRED], created: "2025-05-20",
    state: "Rajasthan", district: "Jaisalmer", districtText: "जैसलमेर", at: [71.2, 27.05],
    name: "जैसलमेर के पास एक ओरण", local: "ओरण", eco: [GROVE, "Desert", "Grassland"], area: 2500,
    legal: "Revenue land", gov: "Traditional institution", community: "आसपास के गाँवों के पशुपालक परिवार",
    threats: ["Encroachment", "Others|?: सौर और पवन ऊर्जा परियोजनाएँ"], practices: ["Sacred rules", "Ban on felling"],
    story: [
      "ओरण लोक-देवता को समर्पित सामुदायिक भूमि है, जहाँ से हरी लकड़ी काटना मना है। गाँवों के ऊँट, गायें और बकरियाँ यहाँ चरती हैं और बारिश का पानी ओरण की नाडी में इकट्ठा होता है।",
      "राजस्व रिकॉर्ड में कई ओरण 'बंजर' भूमि के रूप में दर्ज हैं, इसलिए गाँव वाले इन्हें ओरण के रूप में दर्ज कराने की माँग कर रहे हैं।",
    ],
    photos: ["desert-oran.svg"],
  },
  {
    key: "bhaonta-kolyala-peoples-sanctuary", owner: CONTRIBUTOR, created: "2024-03-29",
    state: "Rajasthan", district: "Alwar", tahsil: "Thanagazi", districtText: "अलवर", at: [76.37, 27.22],
    name: "भैरूदेव लोक वन्यजीव अभयारण्य, भांवता-कोल्याला", local: "भैरूदेव डाकव सोंचुरी", eco: [CFOREST, RIVER], area: 1200,
    legal: "No legal recognition", gov: "Gram Sabha", community: "भांवता-कोल्याला गाँव की ग्राम सभा", year: 1998,
    threats: ["Mining", "Grazing pressure"], practices: ["Ban on felling", "Fines for violations"],
    story: [
      "1998 में भांवता-कोल्याला की ग्राम सभा ने अपने जंगल को लोक वन्यजीव अभयारण्य घोषित किया और उसके नियम ख़ुद बनाए।",
      "गाँव ने पहले जोहड़ बनाकर बारिश का पानी रोका, जिससे अरवरी नदी फिर से बहने लगी और पहाड़ियाँ हरी हुईं। शिकार और हरे पेड़ काटने पर रोक है, और नियम तोड़ने पर ग्राम सभा दंड तय करती है।",
    ],
    photos: ["gram-sabha-meeting.svg"],
  },
  {
    key: "khejarli-bishnoi-commons", owner: CONTRIBUTOR, created: "2024-09-11",
    state: "Rajasthan", district: "Jodhpur", at: [73.15, 26.2],
    name: "Bishnoi village commons of Khejarli", local: "खेजड़ली", eco: ["Desert", "Grassland"], area: 300,
    legal: "Revenue land", gov: "Traditional institution", community: "Bishnoi villagers", year: 1485,
    threats: ["Encroachment", ROADS], practices: ["Sacred rules", "Ban on felling"],
    story: [
      "In 1730 Amrita Devi Bishnoi and 363 Bishnoi men and women gave their lives at Khejarli to stop the felling of its khejri trees. The Bishnoi still keep the rules of their faith, taught by Guru Jambheshwar in the fifteenth century: no green tree is cut, and blackbuck and chinkara are not harmed.",
      "A memorial and an annual fair in the village remember the sacrifice.",
    ],
    photos: ["desert-oran.svg"],
  },
  // Gujarat
  {
    key: "banni-hodka-grazing-commons", owner: ADMIN, groups: [BANNI], created: "2024-04-08",
    state: "Gujarat", district: "Kachchh", tahsil: "Bhuj", at: [69.68, 23.7],
    name: "Grazing commons of Hodka", eco: ["Grassland"], area: 4000,
    legal: "Protected Forest", gov: "Gram Sabha", community: "Maldhari pastoralists of Hodka",
    threats: ["Invasive species", "Encroachment"], practices: ["Rotational grazing", "Restoration and planting"],
    story: [
      "Maldhari families move their Banni buffaloes and Kankrej cattle across the grassland with the seasons, and the grass and the herds have shaped each other for centuries.",
      "The spread of Prosopis juliflora (gando baval), planted in the 1960s to stop the desert, is the grassland's greatest threat; villages uproot it and let native grasses return.",
    ],
    photos: ["grassland-herd.svg"],
  },
  {
    key: "banni-dhordo-seasonal-grazing", owner: CURATOR, groups: [BANNI], created: "2025-02-12",
    state: "Gujarat", district: "Kachchh", tahsil: "Bhuj", at: [69.58, 23.82],
    name: "Seasonal grazing grounds near Dhordo", eco: ["Grassland", LAKE], area: 3200,
    legal: "Protected Forest", gov: "Gram Sabha", community: "Maldhari pastoralists",
    threats: ["Invasive species", "Grazing pressure"], practices: ["Rotational grazing"],
  },
  {
    key: "chhari-dhand-wetland", owner: CURATOR, groups: [BANNI], created: "2025-11-03",
    state: "Gujarat", district: "Kachchh", at: [69.3, 23.58],
    name: "Chhari-Dhand wetland", eco: [LAKE, "Grassland"], area: 22700,
    legal: "Conservation Reserve (WPA)", community: "Maldhari and farming villages around the wetland", year: 2008,
    threats: ["Invasive species", "Encroachment"], practices: ["Rotational grazing"],
    photos: ["village-pond.svg", "grassland-herd.svg"],
  },
  {
    key: "dev-van-dangs", owner: CONTRIBUTOR, groups: [SACRED], created: "2025-07-07",
    state: "Gujarat", district: "Dang", at: [73.7, 20.77],
    name: "Dev van in the Dangs", local: "देव वन", eco: [GROVE], area: 5,
    legal: "Reserved Forest", gov: "Traditional institution", community: "Bhil and Kunbi villagers",
    practices: ["Sacred rules"],
  },
  // Uttarakhand
  {
    key: "sarmoli-jainti-van-panchayat", owner: PAGES, created: "2024-06-30",
    state: "Uttarakhand", district: "Pithoragarh", tahsil: "Munsiyari", districtText: "पिथौरागढ़", at: [80.23, 30.07],
    name: "सरमोली-जैंती वन पंचायत", eco: [CFOREST], area: 200,
    gov: "Van Panchayat", community: "सरमोली और जैंती गाँव के लोग",
    threats: ["Fire", "Grazing pressure"], practices: ["Rotational grazing", "Ban on felling", "Fines for violations"],
    story: [
      "सरमोली-जैंती की वन पंचायत अपने जंगल की देखभाल गाँव की महिलाओं की अगुवाई में करती है: चारा और लकड़ी कब और कितनी ली जाएगी, यह पंचायत की बैठक में तय होता है।",
      "गाँव के कई परिवार होमस्टे चलाते हैं और आने वालों को जंगल और उसके पक्षियों के बारे में बताते हैं।",
    ],
    photos: ["himalayan-oak-forest.svg", "gram-sabha-meeting.svg"],
  },
  {
    key: "almora-oak-van-panchayat", owner: ADMIN, created: "2025-08-25",
    state: "Uttarakhand", district: "Almora", districtText: "अल्मोड़ा", at: [79.66, 29.6],
    name: "एक गाँव का बाँज वन, अल्मोड़ा", eco: [CFOREST], area: 60,
    gov: "Van Panchayat", community: "गाँव के परिवार", year: 1945,
    threats: ["Fire", "Grazing pressure"], practices: ["Rotational grazing", "Ban on felling", "Fines for violations"],
    photos: ["himalayan-oak-forest.svg"],
  },
  {
    key: "chamoli-oak-forest-mahila-mangal-dal", owner: TEMPLATES, created: "2024-10-14",
    state: "Uttarakhand", district: "Chamoli", tahsil: "Joshimath", at: [79.62, 30.53],
    name: "Oak forest of a Chamoli village", eco: [CFOREST], area: 120,
    gov: "Others|?: Mahila Mangal Dal (village women's group)", community: "Women of the village", year: 1980,
    threats: ["Fire", ROADS], practices: ["Patrolling", "Ban on felling"],
    photos: ["himalayan-oak-forest.svg", "forest-patrol.svg"],
  },
  // Himachal Pradesh
  {
    key: "kibber-grazing-reserve", owner: TEMPLATES, created: "2024-07-29",
    state: "Himachal Pradesh", district: "Lahaul and Spiti", tahsil: "Spiti", at: [78.01, 32.33],
    name: "Livestock-free grazing reserve near Kibber", eco: [ALPINE], area: 500,
    gov: "Traditional institution", community: "Villagers of Kibber",
    threats: ["Grazing pressure"], practices: ["Rotational grazing"],
    photos: ["cold-desert-village.svg", "alpine-pasture.svg"],
  },
  // Ladakh
  {
    key: "changthang-changpa-pastures", owner: TEMPLATES, created: "2025-10-09",
    state: "Ladakh", district: "Leh", tahsil: "Nyoma", at: [78.97, 32.78],
    name: "Pastures of Changpa herders near Hanle", eco: [ALPINE, "Desert"], area: 15000,
    gov: "Traditional institution", community: "Changpa pastoralists",
    threats: ["Grazing pressure", ROADS], practices: ["Rotational grazing"],
    photos: ["alpine-pasture.svg"],
  },
  {
    key: "sham-valley-village-pastures", owner: TEMPLATES, created: "2026-06-22",
    state: "Ladakh", district: "Leh", at: [77.2, 34.25],
    name: "Village pastures of the Sham valley", eco: [ALPINE], area: 2000,
    gov: "Traditional institution", community: "Ladakhi villagers",
    practices: ["Rotational grazing"],
  },
  // Sikkim
  {
    key: "khecheopalri-sacred-lake", owner: TEMPLATES, groups: [SACRED], created: "2024-05-26",
    state: "Sikkim", district: "Gyalshing", at: [88.19, 27.35],
    name: "Khecheopalri lake", eco: [LAKE, GROVE], area: 150,
    gov: "Traditional institution", community: "Villagers of Khecheopalri",
    practices: ["Sacred rules", "Ban on felling"],
    photos: ["sacred-lake.svg"],
  },
  {
    key: "lachen-dzumsa-pastures", owner: TEMPLATES, created: "2025-04-30",
    state: "Sikkim", district: "Mangan", tahsil: "Chungthang", at: [88.56, 27.75],
    name: "Yak pastures governed by the Lachen Dzumsa", eco: [ALPINE], area: 30000,
    gov: "Traditional institution", community: "Lachenpa villagers",
    threats: ["Grazing pressure"], practices: ["Rotational grazing", "Fines for violations"],
    photos: ["alpine-pasture.svg"],
  },
  // Arunachal Pradesh
  {
    key: "apatani-clan-forests-ziro", owner: DOCUMENTS, created: "2024-08-05",
    state: "Arunachal Pradesh", district: "Lower Subansiri", tahsil: "Ziro", at: [93.83, 27.55],
    name: "Clan forests of the Apatani near Ziro", eco: [CFOREST], area: 3000,
    legal: "Private land", gov: "Traditional institution", community: "Apatani clans",
    practices: ["Restoration and planting", "Sacred rules"],
    photos: ["himalayan-oak-forest.svg"],
  },
  {
    key: "singchung-bugun-community-reserve", owner: DOCUMENTS, created: "2025-01-08",
    state: "Arunachal Pradesh", district: "West Kameng", tahsil: "Singchung", at: [92.4, 27.2],
    name: "Singchung Bugun Village Community Reserve", eco: [CFOREST], area: 1700,
    legal: "Community Reserve (WPA)", community: "Bugun villagers of Singchung", year: 2017,
    threats: [ROADS, "Tree felling"], practices: ["Patrolling", "Ban on felling"],
    photos: ["forest-patrol.svg"],
  },
  // Mizoram
  {
    key: "mizoram-village-supply-reserve", owner: DOCUMENTS, created: "2025-12-01",
    state: "Mizoram", district: "Aizawl", at: [92.75, 23.8],
    name: "Safety and supply reserves of a village near Aizawl", eco: [CFOREST], area: 400,
    gov: "Traditional institution", community: "Mizo villagers",
    threats: ["Fire"], practices: ["Ban on felling", "Fines for violations"],
  },
  // Tamil Nadu
  {
    key: "gulf-of-mannar-fishing-commons", owner: PAGES, created: "2025-09-15",
    state: "Tamil Nadu", district: "Ramanathapuram", at: [78.95, 9.26], shape: "point",
    name: "Fishing commons of a Gulf of Mannar village", eco: [COAST], area: 500,
    gov: "Traditional institution", community: "Traditional fishers and seaweed collectors",
    practices: ["Fines for violations", "Patrolling"],
    photos: ["coast-fishing.svg"],
  },
  // Andaman and Nicobar Islands
  {
    key: "mayabunder-mangrove-creek", owner: CURATOR, created: "2026-03-10",
    state: "Andaman and Nicobar Islands", district: "North and Middle Andaman", tahsil: "Mayabunder", at: [92.9, 12.9],
    name: "Mangrove creek protected by a village near Mayabunder", eco: [MANGROVE, COAST], area: 80,
    gov: "Traditional institution", community: "Village families near Mayabunder",
    threats: ["Tree felling"], practices: ["Ban on felling", "Restoration and planting"],
    photos: ["mangrove-creek.svg"],
  },
  // West Bengal
  {
    key: "sundarbans-replanted-mangroves", owner: ADMIN, created: "2024-12-19",
    state: "West Bengal", district: "South 24 Parganas", tahsil: "Gosaba", at: [88.8, 22.15],
    name: "Mangroves replanted by a Sundarbans village", eco: [MANGROVE], area: 60,
    community: "Women's self-help groups of the village", year: 2009,
    threats: ["Tree felling"], practices: ["Restoration and planting", "Patrolling"],
    photos: ["mangrove-creek.svg"],
  },
  // Chhattisgarh
  {
    key: "hasdeo-arand-village-forests", owner: MEMBER, created: "2025-07-28",
    state: "Chhattisgarh", district: "Surguja", districtText: "सरगुजा", at: [82.65, 22.85],
    name: "हसदेव अरण्य के गाँवों के सामुदायिक वन", eco: [CFOREST, RIVER], area: 20000,
    gov: "Gram Sabha", community: "गोंड और अन्य आदिवासी गाँव",
    threats: ["Mining", "Tree felling"], practices: ["Patrolling", "Ban on felling"],
    story: [
      "हसदेव अरण्य मध्य भारत के सबसे बड़े अखंड जंगलों में से एक है और हसदेव नदी का जलग्रहण क्षेत्र है। यहाँ के गाँव महुआ, तेंदूपत्ता और साल बीज के लिए इसी जंगल पर निर्भर हैं।",
      "कई ग्राम सभाओं ने कोयला खनन के विरोध में प्रस्ताव पारित किए हैं और गाँव के लोग बारी-बारी से जंगल की निगरानी करते हैं।",
    ],
    photos: ["gram-sabha-meeting.svg", "forest-patrol.svg"],
  },
  // Jharkhand
  {
    key: "sarna-gumla", owner: MEMBER, groups: [SACRED], created: "2024-04-01",
    state: "Jharkhand", district: "Gumla", districtText: "गुमला", at: [84.54, 23.04], shape: "none",
    name: "गाँव का सरना, गुमला", local: "सरना", eco: [GROVE], area: 1.5,
    legal: "Revenue land", gov: "Traditional institution", community: "उराँव (कुड़ुख़) गाँव",
    threats: ["Encroachment"], practices: ["Sacred rules", "Ban on felling"],
    story: [
      "सरना गाँव का पवित्र साल-उपवन है, जहाँ पाहन सरहुल के त्योहार पर पूजा करते हैं। सरना के पेड़ कोई नहीं काटता और उसकी ज़मीन पर खेती नहीं होती।",
      "गाँव वालों ने तय किया है कि सरना की सटीक सीमा सार्वजनिक नहीं की जाएगी।",
    ],
    photos: ["grove-shrine.svg"],
  },
  // Madhya Pradesh
  {
    key: "dindori-baiga-community-forest", owner: CONTRIBUTOR, created: "2026-04-16",
    state: "Madhya Pradesh", district: "Dindori", tahsil: "Bajag", districtText: "डिंडोरी", at: [81.35, 22.7],
    name: "बैगा गाँवों का सामुदायिक वन, डिंडोरी", eco: [CFOREST], area: 1200,
    legal: "Community Forest Resource (FRA)", gov: "Gram Sabha", community: "बैगा आदिवासी गाँव", year: 2016,
    threats: ["Fire", "Tree felling"], practices: ["Patrolling", "Fines for violations"],
  },
  // Haryana
  {
    key: "mangar-bani", consent: REGISTRY_CONSENT, owner: PAGES, groups: [SACRED], created: "2025-10-27",
    state: "Haryana", district: "Faridabad", districtText: "फ़रीदाबाद", at: [77.17, 28.41],
    name: "मांगर बणी", local: "बणी", eco: [GROVE], area: 270,
    gov: "Traditional institution", community: "मांगर गाँव के लोग",
    threats: ["Encroachment", "Mining"], practices: ["Sacred rules", "Ban on felling"],
    story: [
      "मांगर बणी अरावली की पहाड़ियों में एक पुराना देववन है, जिसे गाँव के लोग गुदरिया बाबा से जोड़ते हैं। यहाँ से लकड़ी काटना वर्जित है, इसलिए अरावली के देशी पेड़ों का ऐसा घना जंगल आसपास कहीं और नहीं बचा।",
      "दिल्ली के इतने पास होने के कारण इस पर निर्माण और अतिक्रमण का दबाव लगातार बढ़ रहा है।",
    ],
    photos: ["sacred-grove-canopy.svg"],
  },
  // Telangana
  {
    key: "gond-sacred-grove-utnoor", owner: MEMBER, groups: [SACRED], created: "2026-08-04",
    state: "Telangana", district: "Adilabad", tahsil: "Utnoor", at: [78.77, 19.37],
    name: "Sacred grove of a Gond village near Utnoor", eco: [GROVE], area: 4,
    legal: "Revenue land", gov: "Traditional institution", community: "Gond villagers",
    practices: ["Sacred rules"],
    photos: ["grove-shrine.svg"],
  },
  // Consent below the public (issue 30): each record is kept from every public list, map, count, export and
  // sitemap, and its page answers only those its consent names. Names, places and numbers are unique so the
  // leak tests can look for them anywhere.
  {
    key: "consent-community-devrai", owner: FOUNDER, groups: [SACRED], created: "2026-03-02",
    state: "Maharashtra", district: "Pune", tahsil: "Mulshi", at: [73.4567, 18.4321],
    name: "Ghol devrai (community only)", local: "घोळची देवराई", eco: [GROVE], area: 17.25,
    gov: "Traditional institution", community: "Families of Ghol village",
    story: ["The spring inside the grove feeds the village's first paddy field; the shrine's location is not shared outside the village."],
    consent: { audience: "COMMUNITY", registries: false, givenBy: "COMMUNITY", method: "MEETING", givenOn: "2026-02-20", note: "Gram sabha of Ghol, 20 February 2026" },
  },
  {
    key: "consent-curators-oran", owner: FOUNDER, groups: [SACRED], created: "2026-03-09",
    state: "Rajasthan", district: "Jaisalmer", at: [70.9123, 26.9876],
    name: "Degrai oran (curators)", eco: [GROVE], area: 61.5,
    gov: "Traditional institution", community: "Herders around the Degrai shrine",
    consent: { audience: "CURATORS", registries: false, givenBy: "REPRESENTATIVE", method: "MEETING", givenOn: "2026-03-01", note: "The oran committee agreed the portal's curators may review it before anything is published" },
  },
  {
    key: "consent-members-kan", owner: MEMBER, groups: [SACRED], created: "2026-04-14",
    state: "Karnataka", district: "Shivamogga", at: [75.3456, 14.0987],
    name: "Kan forest of Hosanagara (members)", eco: [GROVE], area: 33.75,
    consent: { audience: "MEMBERS", registries: false, givenBy: "CONTRIBUTOR", method: "DECLARATION", givenOn: "2026-04-14" },
  },
  {
    key: "consent-withdrawn-sarna", owner: FOUNDER, groups: [SACRED], created: "2025-11-23",
    state: "Jharkhand", district: "Ranchi", at: [85.2468, 23.1357],
    name: "सरना स्थल, नगड़ी (सहमति वापस)", eco: [GROVE], area: 4.5,
    consent: { audience: "NONE", registries: false, givenBy: "COMMUNITY", method: "MEETING", givenOn: "2026-06-05", note: "The village withdrew its consent after visitors came uninvited" },
  },
  // Restricted-data treatments (issue 30, item 2), one of each, created long ago so they sit at the end of
  // the newest-first lists; unique names, places and numbers, as above, for the leak tests.
  {
    key: "treatment-sacred-nongkhlaw", consent: REGISTRY_CONSENT, owner: FOUNDER, groups: [SACRED], created: "2024-01-10",
    state: "Meghalaya", district: "East Khasi Hills", at: [91.8642, 25.4518],
    name: "Sacred forest of Nongkhlaw (Secret / Sacred)", local: "नोंगख्लाव का पवित्र वन", eco: [GROVE], area: 7.75,
    gov: "Traditional institution", community: "Elders of the Shnong dorbar",
    story: ["Nothing may be taken out of the forest; the places of its monoliths and rites are known to the clan alone."],
    labels: ["tk-secret-sacred", "tk-attribution"],
  },
  {
    key: "treatment-area-generalised", consent: REGISTRY_CONSENT, owner: MEMBER, groups: [SACRED], created: "2024-01-08",
    state: "Rajasthan", district: "Jodhpur", at: [72.4321, 26.7654],
    name: "Oran of Kolu Pabuji (area generalised)", eco: [GROVE], area: 347.25,
    gov: "Traditional institution", community: "Raika herders of Kolu",
    restrictions: { record: null, fields: { "area-ha": { treatment: "GENERALISE", reason: "COMMUNITY_REQUEST" } } },
  },
  {
    key: "treatment-embargoed-beach", owner: FOUNDER, groups: [SACRED], created: "2024-01-06",
    state: "Odisha", district: "Kendrapara", at: [86.9753, 20.6421],
    name: "Turtle beach of Gahirmatha (embargoed)", eco: [COAST], area: 23.5,
    community: "Fishing villages of Gahirmatha",
    restrictions: { record: { treatment: "EMBARGO", reason: "SENSITIVE_LOCATION", until: `${new Date().getUTCFullYear() + 1}-06-01` }, fields: {} },
  },
  {
    key: "treatment-community-use-kavu", owner: FOUNDER, groups: [SACRED], created: "2024-01-04",
    state: "Kerala", district: "Kannur", at: [75.2109, 12.1098],
    name: "Sarpa kavu of Payyanur (community use only)", eco: [GROVE], area: 1.25,
    community: "Families of the tharavad",
    labels: ["tk-community-use-only"],
  },
];

// ── Sacred grove surveys ─────────────────────────────────────────────────────────────────────────

const GROVE_SPECS: GroveSpec[] = [
  {
    key: "survey-theyyam-kavu-kannur", owner: CURATOR, groups: [SACRED], created: "2025-01-20",
    state: "Kerala", district: "Kannur", at: [75.37, 11.87],
    name: "Theyyam kavu near Kannur", area: 2.5,
    deity: "Dedicated to the Bhagavathi of the local family; Theyyam is performed at the grove's shrine in the festival season, and its trees are held to belong to the goddess.",
    access: "Open to all", surveyed: "2025-01-12", festival: ["2025-02-20", "2025-02-23"], canopy: [8, 28],
    photos: ["grove-shrine.svg"],
  },
  {
    key: "survey-devarakadu-kodagu", owner: FOUNDER, groups: [SACRED], created: "2024-05-14",
    state: "Karnataka", district: "Kodagu", tahsil: "Virajpet", at: [75.8, 12.2],
    name: "Devarakadu near Virajpet", area: 12,
    deity: "Dedicated to Aiyappa, as many devarakadus of Kodagu are; the village gathers at the shrine for its yearly festival.",
    access: "Only during festivals", surveyed: "2024-04-27", festival: ["2024-04-15", "2024-04-17"], canopy: [10, 35],
    photos: ["sacred-grove-canopy.svg", "grove-shrine.svg"],
  },
  {
    key: "survey-kan-forest-sirsi", owner: MEMBER, groups: [SACRED], created: "2025-12-09",
    state: "Karnataka", district: "Uttara Kannada", tahsil: "Sirsi", at: [74.84, 14.62],
    name: "Kan forest near Sirsi", area: 40,
    deity: "A kan, one of the old sacred evergreen forests of the Malnad, held to belong to the village goddess. Its springs feed the areca gardens below.",
    access: "Others|?: Villagers freely; outsiders with a villager", surveyed: "2025-11-22", canopy: [12, 40],
    photos: ["sacred-grove-canopy.svg"],
  },
  {
    key: "survey-kovil-kadu-pudukkottai", owner: PAGES, groups: [SACRED], created: "2024-09-03",
    state: "Tamil Nadu", district: "Pudukkottai", at: [78.82, 10.38],
    name: "Kovil kadu of an Aiyanar shrine near Pudukkottai", area: 8,
    deity: "Aiyanar, the guardian deity of the village, with terracotta horses offered by villagers at the edge of the grove. Wood from the grove is used only for the shrine.",
    access: "Open to all", surveyed: "2024-08-18", festival: ["2024-07-28", "2024-07-30"], canopy: [5, 18],
    photos: ["grove-shrine.svg"],
  },
  {
    key: "survey-umang-lai-imphal", owner: DOCUMENTS, groups: [SACRED], created: "2025-05-06",
    state: "Manipur", district: "Imphal West", at: [93.89, 24.8],
    name: "Umang lai near Imphal", area: 3,
    deity: "An umang lai, a sacred grove of the Meitei dedicated to a forest deity; the Lai Haraoba festival is held here each spring.",
    access: "Open to all", surveyed: "2025-04-19", festival: ["2025-04-25", "2025-05-04"], canopy: [6, 22],
  },
  {
    key: "survey-dev-van-kullu", owner: TEMPLATES, groups: [SACRED], created: "2024-11-25",
    state: "Himachal Pradesh", district: "Kullu", at: [77.12, 31.96],
    name: "देवता का वन, कुल्लू", area: 25,
    deity: "यह देवदार का वन गाँव के देवता का माना जाता है। देवता की अनुमति के बिना यहाँ से लकड़ी नहीं ली जाती, और मंदिर की मरम्मत के लिए भी पेड़ देवता से पूछकर ही काटा जाता है।",
    access: "Open to all", surveyed: "2024-10-30", festival: ["2024-10-13", "2024-10-19"], canopy: [15, 45],
    photos: ["himalayan-oak-forest.svg"],
  },
  {
    key: "survey-devrai-sattari", owner: CONTRIBUTOR, groups: [SACRED], created: "2026-02-03",
    state: "Goa", district: "North Goa", tahsil: "Sattari", at: [74.1, 15.58],
    name: "Devrai in Sattari", area: 6,
    deity: "Dedicated to Sateri, the earth goddess worshipped in many Goan villages; the grove surrounds her shrine and a perennial spring.",
    access: "Open to all", surveyed: "2026-01-17", festival: ["2026-03-03", "2026-03-04"], canopy: [10, 30],
    photos: ["sacred-grove-canopy.svg"],
  },
  {
    key: "survey-law-kyntang-jowai", consent: REGISTRY_CONSENT, owner: FOUNDER, groups: [SACRED], created: "2026-05-11",
    state: "Meghalaya", district: "West Jaintia Hills", at: [92.21, 25.42], shape: "point",
    name: "Law Kyntang near Jowai", area: 15,
    deity: "A law kyntang, a forest consecrated by the Pnar; the spirits of the forest are believed to punish anyone who takes wood from it.",
    access: "Only priests", surveyed: "2026-04-28", canopy: [12, 38],
    photos: ["monoliths-forest.svg"],
  },
];

// ── Wetland monitoring ───────────────────────────────────────────────────────────────────────────

const WETLAND_SPECS: WetlandSpec[] = [
  {
    key: "wetland-mangalajodi", consent: REGISTRY_CONSENT, owner: ADMIN, groups: [CHILIKA], created: "2025-01-25",
    state: "Odisha", district: "Khordha", tahsil: "Tangi", at: [85.44, 19.9],
    name: "Mangalajodi wetland", community: "Fishers and farmers of Mangalajodi, many of them former bird hunters",
    waterHa: 1000, season: "Winter",
    birds: ["Other birds|Kingfisher", "Other birds|Marsh harrier", "Others|?: Northern pintail, purple swamphen"],
    threats: ["Invasive species"],
    notes: [
      "Counted from two boats along the reed channels on a January morning. Ducks in the thousands on the open water; harriers quartering over the reeds.",
      "The men who once netted these birds now guide birdwatchers, and the village committee keeps watch during the migration.",
    ],
  },
  {
    key: "wetland-satapada", owner: CURATOR, groups: [CHILIKA], created: "2025-10-21",
    state: "Odisha", district: "Puri", tahsil: "Krushnaprasad", at: [85.45, 19.66],
    name: "Fishing grounds off Satapada", community: "Fishing families of Satapada",
    waterHa: 2000, season: "Post-monsoon",
    birds: ["Other birds|Kingfisher", "Others|?: Brown-headed gull"],
    threats: ["Encroachment"],
    notes: ["Irrawaddy dolphins surfaced near the channel to the sea; boatmen keep their distance as the village agreed. Salinity is back to normal after the monsoon."],
  },
  {
    key: "wetland-koonthankulam", owner: CURATOR, created: "2024-12-28",
    state: "Tamil Nadu", district: "Tirunelveli", at: [77.75, 8.49],
    name: "Koonthankulam village tanks", community: "Villagers of Koonthankulam",
    waterHa: 130, season: "Winter",
    birds: ["Waterbirds|Painted stork", "Others|?: Spot-billed pelican"],
    threats: ["Tree felling"],
    notes: ["Painted storks and pelicans nesting on the trees in and around the village. Villagers guard the nests, and families avoid bursting crackers in the nesting season."],
  },
  {
    key: "wetland-etawah-sarus", owner: PAGES, created: "2025-08-12",
    state: "Uttar Pradesh", district: "Etawah", at: [79.02, 26.78],
    name: "सारस वाले खेत और तालाब, इटावा", community: "आसपास के गाँवों के किसान",
    waterHa: 40, season: "Monsoon",
    birds: ["Waterbirds|Sarus crane", "Other birds|Kingfisher"],
    threats: ["Encroachment"],
    notes: ["किसान सारस को शुभ मानते हैं और धान के खेतों में उनके घोंसलों को नहीं छेड़ते। इस बार दो जोड़े अंडों पर बैठे दिखे।"],
  },
  {
    key: "wetland-darbhanga-pokhar", owner: MEMBER, created: "2026-05-30",
    state: "Bihar", district: "Darbhanga", at: [85.9, 26.15], shape: "point",
    name: "गाँव का पोखर, दरभंगा", community: "गाँव के मछुआरे और मखाना उगाने वाले परिवार",
    waterHa: 8, season: "Summer",
    birds: ["Other birds|Kingfisher"],
    threats: ["Encroachment", "Invasive species"],
    notes: ["गर्मी में पानी घटा है, पर पोखर सूखा नहीं। गाँव ने मिलकर जलकुंभी निकाली, और मखाना की नई पौध लगाई गई है।"],
  },
  {
    key: "wetland-barpeta-beel", owner: DOCUMENTS, created: "2026-01-27",
    state: "Assam", district: "Barpeta", at: [91.0, 26.32],
    name: "Community fishing beel near Barpeta", community: "Fishing villages around the beel", year: 2005,
    waterHa: 300, season: "Winter",
    birds: ["Waterbirds|Bar-headed goose", "Other birds|Marsh harrier"],
    threats: ["Encroachment", "Invasive species"],
    notes: ["Bar-headed geese on the open water in the morning. Water hyacinth is spreading again along the eastern edge; the villages plan a clearing day before the fishing season."],
  },
  {
    key: "wetland-telineelapuram", owner: ADMIN, created: "2026-10-06",
    state: "Andhra Pradesh", district: "Srikakulam", tahsil: "Tekkali", at: [84.22, 18.58], shape: "point",
    name: "Telineelapuram heronry", community: "Villagers of Telineelapuram",
    waterHa: 50, season: "Post-monsoon",
    birds: ["Waterbirds|Painted stork", "Others|?: Spot-billed pelican"],
    threats: ["Tree felling"],
  },
];

export const DEMO_RECORDS: DemoRecord[] = [...MASTER_SPECS.map(masterRecord), ...GROVE_SPECS.map(groveRecord), ...WETLAND_SPECS.map(wetlandRecord)];
