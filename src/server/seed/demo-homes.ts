/**
 * The demo's home galleries (issue 34 item 8): slides on the site's home and on the Banni grasslands
 * microsite's home, each with its texts in English and Hindi and a picture written into the files store
 * (`homePage/seed/home/…`; the original front end asks for it under `userGroups`, which the files
 * service answers from `homePage` too). Added once (marker) on a new or an older demo database, and only
 * to a home that has no slides yet, so an administrator's gallery is never touched.
 */
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { SlideTranslation } from "@/contracts/home";
import type { Db } from "../infra/db/db";
import type { FileStore } from "../infra/files/file-store";
import { UPLOAD_MAX_PIXELS } from "../infra/files/image-limits";
import { countGallerySlides, insertSlide, replaceSlideTexts, SITE_HOME } from "../modules/site/home.repository";
import { GALLERY_BANNERS, PAGE_ILLUSTRATIONS } from "./demo-images";
import { SEED_USER_BY_ROLE } from "./demo-users";

export const DEMO_HOMES_MARKER = "seed.demo.home_galleries";

const EN = 205;
const HI = 206;

/** Pictures of the home galleries: the store name under `homePage/seed/home/` and the SVG it is drawn from. */
const PICTURES: Record<string, string> = {
  "sacred-grove.jpg": GALLERY_BANNERS["sacred-grove.jpg"]!,
  "grassland-dusk.jpg": GALLERY_BANNERS["grassland-dusk.jpg"]!,
  "cca-landscape.jpg": PAGE_ILLUSTRATIONS["cca-landscape.svg"]!,
};

/** The path of a seeded picture as a slide's `fileName` (inside `homePage`). */
export const homePicture = (name: keyof typeof PICTURES) => `/seed/home/${name}`;

export interface DemoSlide {
  picture: keyof typeof PICTURES;
  moreLinks: string;
  en: Omit<SlideTranslation, "languageId">;
  hi: Omit<SlideTranslation, "languageId">;
}

/** The site's home gallery. */
export const DEMO_SITE_SLIDES: readonly DemoSlide[] = [
  {
    picture: "cca-landscape.jpg",
    moreLinks: "/data/list",
    en: { title: "Community Conserved Areas of India", description: "<p>Forests, grasslands, wetlands and seas that communities keep, in their own words.</p>", readMoreText: "Explore the CCAs" },
    hi: { title: "भारत के सामुदायिक संरक्षित क्षेत्र", description: "<p>समुदायों द्वारा संरक्षित वन, घास के मैदान, आर्द्रभूमियाँ और समुद्र, उन्हीं के शब्दों में।</p>", readMoreText: "सीसीए देखें" },
  },
  {
    picture: "sacred-grove.jpg",
    moreLinks: "/group/sacred-groves",
    en: { title: "Sacred groves", description: "<p>Groves that villages have kept for generations, for their deities and their water.</p>", readMoreText: "Visit the microsite" },
    hi: { title: "देववन", description: "<p>वे उपवन जिन्हें गाँवों ने पीढ़ियों से अपने देवताओं और अपने पानी के लिए बचाया है।</p>", readMoreText: "माइक्रोसाइट देखें" },
  },
  {
    picture: "grassland-dusk.jpg",
    moreLinks: "/participate/list",
    en: { title: "Tell us about your CCA", description: "<p>Add a community conserved area you know, with its map and its story.</p>", readMoreText: "Participate" },
    hi: { title: "अपने सीसीए के बारे में बताएँ", description: "<p>अपने जाने-पहचाने सामुदायिक संरक्षित क्षेत्र को उसके नक्शे और उसकी कहानी के साथ जोड़ें।</p>", readMoreText: "भाग लें" },
  },
];

/** The microsite whose home gets a gallery, and its slides. */
export const DEMO_GROUP_HOME: { slug: string; slides: readonly DemoSlide[] } = {
  slug: "banni-grasslands",
  slides: [
    {
      picture: "grassland-dusk.jpg",
      moreLinks: "/group/banni-grasslands/data/list",
      en: { title: "The grasslands of Banni", description: "<p>Maldhari herders keep Asia's largest tropical grassland open and grazed.</p>", readMoreText: "See the CCAs" },
      hi: { title: "बन्नी के घास के मैदान", description: "<p>मालधारी पशुपालक एशिया के सबसे बड़े उष्णकटिबंधीय घास के मैदान को खुला और चराई योग्य रखते हैं।</p>", readMoreText: "सीसीए देखें" },
    },
    {
      picture: "cca-landscape.jpg",
      moreLinks: "/group/banni-grasslands/participate/list",
      en: { title: "Add a grazing commons", description: "<p>Record a commons your village manages together.</p>", readMoreText: "Participate" },
      hi: { title: "एक चरागाह जोड़ें", description: "<p>वह साझा ज़मीन दर्ज करें जिसका प्रबंधन आपका गाँव मिलकर करता है।</p>", readMoreText: "भाग लें" },
    },
  ],
};

/** Writes the gallery pictures into `homePage/seed/home/` (existing files are kept). */
export async function writeDemoHomePictures(store: FileStore): Promise<void> {
  const { default: sharp } = await import("sharp");
  for (const [name, svg] of Object.entries(PICTURES)) {
    const key = `homePage${homePicture(name)}`;
    if (await store.stat(key)) continue;
    await store.put(key, await sharp(Buffer.from(svg), { limitInputPixels: UPLOAD_MAX_PIXELS }).resize({ width: 1600 }).jpeg({ quality: 80 }).toBuffer());
  }
}

/** Adds the demo galleries once; returns whether it did. */
export async function seedDemoHomesWhenMissing(db: Db, store: FileStore): Promise<boolean> {
  if (await db.maybeOne("select 1 as seeded from platform_meta where key = $1", [DEMO_HOMES_MARKER])) return false;
  await writeDemoHomePictures(store);
  await db.transaction(async (tx) => {
    const admin = await tx.maybeOne<{ id: number }>("select id from app_user where lower(email) = lower($1)", [SEED_USER_BY_ROLE.admin.email]);
    const group = await tx.maybeOne<{ id: number }>("select id from user_group where slug = $1 and not is_deleted", [DEMO_GROUP_HOME.slug]);
    const homes: Array<[number, readonly DemoSlide[]]> = [[SITE_HOME, DEMO_SITE_SLIDES]];
    if (group) homes.push([group.id, DEMO_GROUP_HOME.slides]);
    for (const [groupKey, slides] of homes) {
      if (admin === null || (await countGallerySlides(tx, groupKey, null)).n > 0) continue;
      for (const [order, slide] of slides.entries()) {
        const id = await insertSlide(tx, groupKey, null, { fileName: homePicture(slide.picture), moreLinks: slide.moreLinks, translations: [] }, order, admin.id);
        await replaceSlideTexts(tx, id, [
          { languageId: EN, ...slide.en },
          { languageId: HI, ...slide.hi },
        ]);
      }
    }
    await tx.query("insert into platform_meta (key, value) values ($1, $2) on conflict (key) do nothing", [DEMO_HOMES_MARKER, new Date().toISOString()]);
  });
  invalidateCache(CACHE_KEYS.home);
  return true;
}
