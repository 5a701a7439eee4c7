/**
 * The configurable home of the site and of each group (reference §3.2 homePage rows, §3.8, §4.8):
 * `utility-api/api/v1/services/homePage…` for the site, `userGroup-api/api/v1/group/homePage/…` for a
 * group. Shared by the platform and the screens.
 */

/** One language's texts of a slide (admin view and write bodies). */
export interface SlideTranslation {
  languageId: number;
  title: string;
  /** Sanitised HTML. */
  description: string;
  readMoreText: string;
}

export type ReadMoreUiType = "button_with_arrow" | "link";
export type GallerySidebar = "translucent" | "opaque";

/** A slide of the main gallery (`GallerySlider`) or of a mini gallery (`MiniGallerySlider`, with `galleryId`). */
export interface GallerySlide {
  id: number;
  /** Groups the language variants of one slide: the slide's id here (one row holds every language). */
  sliderId: number;
  /** The group's id, null on the main site. */
  ugId: number | null;
  /** The mini gallery holding it; null for the main gallery. */
  galleryId: number | null;
  /** A path of the files service's `homePage` directory (`/<hash>/<name>`), or null for a text card. */
  fileName: string | null;
  /** Where "read more" leads: a path of this site or an http(s) address; null without a link. */
  moreLinks: string | null;
  readMoreUIType: ReadMoreUiType;
  gallerySidebar: GallerySidebar;
  color: string | null;
  bgColor: string | null;
  isActive: boolean;
  displayOrder: number;
  /** The language the texts below are in (the one asked for, or English when not translated). */
  languageId: number;
  title: string;
  /** HTML, sanitised when stored (the reference's spelling). */
  customDescripition: string;
  readMoreText: string;
  /** Every language's texts: admin view only. */
  translations?: SlideTranslation[];
}

export interface MiniGalleryTranslation {
  languageId: number;
  title: string;
}

/** A mini gallery (`GalleryConfig` / `GroupGalleryConfig`). */
export interface MiniGallery {
  id: number;
  /** Same as `id` (one row holds every language). */
  galleryId: number;
  ugId: number | null;
  title: string;
  languageId: number;
  /** 1 = one card at a time; 2–6 = a grid/row of that many. */
  slidesPerView: number;
  isVertical: boolean;
  isActive: boolean;
  translations?: MiniGalleryTranslation[];
  gallerySlider: GallerySlide[];
}

/** The switches of a home (`HomePageData` flags; PUT `homePage/insert` and group `homePage/update`). */
export interface HomeSettings {
  showGallery: boolean;
  showStats: boolean;
  showDesc: boolean;
  showPartners: boolean;
  /** Plain text shown under the gallery when `showDesc`. */
  description: string;
}

/** `HomePageData` / `GroupHomePageData`. */
export interface HomePageData extends HomeSettings {
  /** The group's id, null for the site. */
  ugId: number | null;
  showRecentObservation: false;
  showGridMap: false;
  showSponsors: false;
  showDonors: false;
  gallerySlider: GallerySlide[];
  miniGallery: MiniGallery[];
}

/** Body of a slide write (create/insert/edit). Flat legacy texts (`title`, `customDescripition`, `readMoreText`, `languageId`) are read as one translation. */
export interface SlideInput {
  fileName?: string | null;
  moreLinks?: string | null;
  readMoreUIType?: ReadMoreUiType;
  gallerySidebar?: GallerySidebar;
  color?: string | null;
  bgColor?: string | null;
  isActive?: boolean;
  /** Mini-gallery slides: the gallery they go into. */
  galleryId?: number;
  translations: SlideTranslation[];
}

export interface MiniGalleryInput {
  slidesPerView: number;
  isVertical?: boolean;
  isActive?: boolean;
  translations: MiniGalleryTranslation[];
}

/** One item of a reorder body: `[{galleryId, displayOrder}]` (galleryId = the slide's id). */
export interface ReorderItem {
  galleryId: number;
  displayOrder: number;
}

export const HOME_LIMITS = {
  TITLE: 200,
  DESCRIPTION_HTML: 5000,
  READ_MORE: 60,
  HOME_DESCRIPTION: 5000,
  LINK: 2000,
  SLIDES_PER_GALLERY: 50,
  MINI_GALLERIES: 20,
} as const;

/** Field errors of the home and announcement writes (keys in `locales/{en,hi}/admin.json`). */
export const HOME_MSG = {
  titleRequired: "admin:errors.title_required",
  englishRequired: "admin:errors.english_required",
  link: "admin:errors.link",
  color: "admin:errors.color",
  contrast: "admin:errors.contrast",
  fileMissing: "admin:errors.file_missing",
  tooMany: "admin:errors.too_many",
  reorder: "admin:errors.reorder",
} as const;

/** `#rgb` or `#rrggbb`. */
export function isHexColour(value: string): boolean {
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);
}

function channel(v: number): number {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a hex colour. */
function luminance(hex: string): number {
  let h = hex.slice(1);
  if (h.length === 3) h = h.replace(/./g, "$&$&");
  const n = parseInt(h, 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG contrast ratio of two hex colours (1–21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** Normal text needs 4.5:1 (WCAG AA). */
export const MIN_CONTRAST = 4.5;
