import type { LogoMotif } from "./demo-images";

export interface SeedGroup {
  id: number;
  slug: string;
  name: string;
  nameLocal: string;
  description: string;
  hi: { name: string; description: string };
  color: string;
  motif: LogoMotif;
  /**
   * Host name of a group on its own domain (the others live under /group/<slug> on the main site). The
   * stored domain takes the scheme and port of the site address: see demoDomainOf.
   */
  domainHost: string | null;
  allowUserToJoin: boolean;
  displayOrder: number;
}

/**
 * Listed by displayOrder then id: Nagaland (1), Sacred groves (2), Banni (3), Chilika (3).
 * Chilika answers on its own domain, on the port of the site address (http://chilika.localhost:3000
 * by default); add `127.0.0.1 chilika.localhost` if your system does not already resolve *.localhost.
 */
export const SEED_GROUPS: readonly SeedGroup[] = [
  {
    id: 1,
    slug: "sacred-groves",
    name: "Sacred Groves of the Western Ghats",
    nameLocal: "पश्चिमी घाट के पवित्र उपवन",
    description:
      "Villages from Maharashtra to Kerala that protect devrais and kavus, forest patches dedicated to local deities, some of them centuries old.",
    hi: {
      name: "पश्चिमी घाट के पवित्र उपवन",
      description:
        "महाराष्ट्र से केरल तक के वे गाँव जो स्थानीय देवताओं को समर्पित वन-खंडों, देवराई और कावु, की रक्षा करते हैं; इनमें से कुछ सदियों पुराने हैं।",
    },
    color: "#2f855a",
    motif: "tree",
    domainHost: null,
    allowUserToJoin: true,
    displayOrder: 2,
  },
  {
    id: 2,
    slug: "nagaland-community-forests",
    name: "Nagaland Community Forests",
    nameLocal: "नागालैंड के सामुदायिक वन",
    description:
      "Village councils in Nagaland that set aside community forests and wildlife reserves, following the example of Khonoma.",
    hi: {
      name: "नागालैंड के सामुदायिक वन",
      description: "नागालैंड की वे ग्राम परिषदें जिन्होंने खोनोमा के उदाहरण पर सामुदायिक वन और वन्यजीव आरक्षित क्षेत्र अलग रखे हैं।",
    },
    color: "#6b46c1",
    motif: "mountain",
    domainHost: null,
    allowUserToJoin: false,
    displayOrder: 1,
  },
  {
    id: 3,
    slug: "banni-grasslands",
    name: "Banni Grassland Commons",
    nameLocal: "बन्नी घास के मैदान",
    description:
      "Maldhari pastoralists caring for the Banni grasslands of Kachchh, one of the largest tropical grasslands in Asia.",
    hi: {
      name: "बन्नी घास के मैदान",
      description: "कच्छ के बन्नी घास के मैदानों की देखभाल करने वाले मालधारी पशुपालक; यह एशिया के सबसे बड़े उष्णकटिबंधीय घास के मैदानों में से एक है।",
    },
    color: "#b7791f",
    motif: "grass",
    domainHost: null,
    allowUserToJoin: true,
    displayOrder: 3,
  },
  {
    id: 4,
    slug: "chilika",
    name: "Chilika Fishing Commons",
    nameLocal: "चिलिका मछुआरा समुदाय",
    description:
      "Fishing villages that govern the waters of Chilika lagoon in Odisha, home to Irrawaddy dolphins and a million wintering birds.",
    hi: {
      name: "चिलिका मछुआरा समुदाय",
      description: "ओडिशा की चिलिका झील के जल का प्रबंधन करने वाले मछुआरा गाँव, जहाँ इरावदी डॉल्फ़िन रहती हैं और लाखों प्रवासी पक्षी सर्दियाँ बिताते हैं।",
    },
    color: "#2b6cb0",
    motif: "waves",
    domainHost: "chilika.localhost",
    allowUserToJoin: true,
    displayOrder: 3,
  },
];

export const logoPathOf = (slug: string) => `/logos/${slug}.svg`;

/**
 * The own domain a seed group gets on a site: its host with the scheme and port of the site address
 * (SITE_URL), e.g. `http://chilika.localhost:4000` for `http://localhost:4000`; null without one.
 */
export function demoDomainOf(group: Pick<SeedGroup, "domainHost">, siteUrl: string): string | null {
  if (!group.domainHost) return null;
  const site = new URL(siteUrl);
  return `${site.protocol}//${group.domainHost}${site.port ? `:${site.port}` : ""}`;
}

export interface SeedMembership {
  userGroupId: number;
  /** Seed id of the user (see demo-users.ts). */
  userId: number;
  role: "member" | "founder" | "moderator";
}

/**
 * The demo member (user 7, Ramesh Oraon, ROLE_USER only) belongs to the sacred-groves group. The demo
 * group founder (user 8) founds sacred-groves (open) and nagaland-community-forests (closed: joining
 * asks them). Banni and Chilika have no founder (admins run them).
 */
export const SEED_MEMBERSHIPS: readonly SeedMembership[] = [
  { userGroupId: 1, userId: 7, role: "member" },
  { userGroupId: 1, userId: 8, role: "founder" },
  { userGroupId: 2, userId: 8, role: "founder" },
];
