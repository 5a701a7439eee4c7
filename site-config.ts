/**
 * Every product constant of the spec (§1, §9) in one place.
 * Deployment values (site URL, API endpoint, data folder, database URL, secrets) are NOT here:
 * they come from the environment and are validated at start (src/config/env.ts, .env.example).
 */

export const ROLES = {
  ANY: "ANY",
  USER: "ROLE_USER",
  ADMIN: "ROLE_ADMIN",
  USERGROUP_FOUNDER: "ROLE_USERGROUP_FOUNDER",
  USERGROUP_EXPERT: "ROLE_USERGROUP_EXPERT",
  USERGROUP_MEMBER: "ROLE_USERGROUP_MEMBER",
  DATACURATOR: "ROLE_DATACURATOR",
  TEMPLATECURATOR: "ROLE_TEMPLATECURATOR",
  EXTDATACONTRIBUTOR: "ROLE_EXTDATACONTRIBUTOR",
  PAGE_EDITOR: "ROLE_PAGE_EDITOR",
  DOCUMENT_CONTRIBUTOR: "ROLE_DOCUMENT_CONTRIBUTOR",
} as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];

export interface LanguageConfig {
  code: "en" | "hi";
  id: number;
  name: string;
}

const LANGUAGES: readonly LanguageConfig[] = [
  { code: "en", id: 205, name: "English" },
  { code: "hi", id: 206, name: "हिन्दी" },
];

const SITE_CONFIG = {
  SITE: {
    TITLE: { en: "Community Conserved Areas", hi: "सामुदायिक संरक्षित क्षेत्र" },
    DESCRIPTION: {
      en: "A portal about Community Conserved Areas in South Asia",
      hi: "दक्षिण एशिया के सामुदायिक संरक्षित क्षेत्रों का पोर्टल",
    },
    ICON: "/logo.svg",
    THEME_COLOR: "#319795",
    /** External site-restricted web search: the "search the web for …" link of the portal's /search screen. */
    SEARCH_URL: "https://www.google.com/search",
  },
  VERSION: "2.2.0",
  CREDIT: {
    NAME: "Biodiversity Informatics Platform",
    LINK: "https://github.com/biodiv-platform",
  },
  LICENSE: {
    NAME: "CC-BY",
    LINK: "https://creativecommons.org/licenses/by/4.0/",
  },
  SOCIAL: {
    MAIL: "mailto:cca-portal@example.org",
    VIDEO: "https://www.youtube.com/",
    PHOTOS: "https://www.instagram.com/",
    CODE: "https://github.com/biodiv-platform",
  },
  LANG: {
    DEFAULT: "en" as const,
    DEFAULT_ID: 205,
    LIST: LANGUAGES,
    SWITCHER: true,
  },
  PAGES: {
    NAVBAR_ID: 5965,
    ABOUT_ID: 45,
    DONATE_ID: 63,
    PARTICIPATE_ID: 204,
    FOOTER_PARENT_ID: { en: 29, hi: 207 } as Record<"en" | "hi", number>,
    EMPTY_PATH: "/page/empty",
  },
  FEATURED_IDS: [48, 49, 5, 6],
  MAP: {
    CENTER: { latitude: 22, longitude: 79.1, zoom: -0.28 },
    COUNTRY: "IN",
    /** The country's calling code (libphonenumber's, a unit test checks): the number field shows it before libphonenumber loads. */
    CALLING_CODE: "91",
  },
  COOKIES: {
    LOCALE: { NAME: "NEXT_LOCALE", MAX_AGE: 8_640_000 },
    ACCESS_TOKEN: { NAME: "BAToken", MAX_AGE: 604_800 },
    REFRESH_TOKEN: { NAME: "BRToken", MAX_AGE: 604_800 },
  },
  CACHE: {
    GROUP_LIST_MS: 24 * 60 * 60 * 1000,
    /** Page trees change with every edit: short TTL and invalidation on write. */
    PAGE_TREE_MS: 60 * 1000,
  },
  PAGINATION: { DEFAULT_LIMIT: 10 },
  HOME: {
    /** CCA records shown as cards on the site's home (missing or deleted ids are left out). */
    FEATURED_CCA_IDS: [1, 2, 3] as readonly number[],
    /** Autoplay of the home gallery and of the announcement banner, in ms. */
    SLIDE_MS: 6000,
    ANNOUNCEMENT_MS: 5000,
  },
  IMAGE: {
    METADATA_READ_LIMIT: 262_144,
    MAX_UPLOAD_PX: 1000,
  },
  THUMBNAILS: {
    THUMBNAIL: 34,
    DEFAULT: 200,
    LIST: 300,
    RECENT: 230,
    PREVIEW: 500,
    PAGE_BANNER: { WIDTH: 1440, HEIGHT: 300 },
    SOCIAL: { WIDTH: 600, HEIGHT: 330 },
    TOUCH_ICON: 180,
    AVATAR_WIDTH: 50,
    TRAIT_ICON: 40,
    GROUP_ICON_HEIGHT: 32,
    GROUP_LOGO_DROPDOWN: 40,
    GROUP_LOGO_HEADER: 128,
  },
  UI: {
    GROUP_SEARCH_DEBOUNCE_MS: 200,
    GROUPS_DROPDOWN: { HEIGHT: "18rem", WIDTH: "360px" },
    PAGES_MENU_MAX_HEIGHT: "18.5rem",
    MENU: { OPEN_DELAY_MS: 100, CLOSE_DELAY_MS: 300, LONG_PRESS_MS: 700 },
    PREFETCH_MARGIN: "200px",
    MOBILE_BREAKPOINT_PX: 1024,
    BREAKPOINTS_PX: [375, 576, 768, 992, 1200],
    CHAKRA_BREAKPOINTS_PX: [480, 768, 1024, 1280, 1536],
    TOAST: { Z_INDEX: 1700, ERROR_MS: 10_000, DEFAULT_MS: 3_000 },
    SEPARATOR: "|",
  },
  /** Paths where login/logout links do not carry a `forward` parameter. */
  NO_FORWARD_PATHS: ["/login", "/register"],
  FEATURES: {
    USER_GROUPS: true,
    LANGUAGE_SWITCHER: true,
    TRACKING: true,
    MAPS_PAGE: true,
  },
  /** Licences with their platform ids (spec §3). */
  LICENSES: {
    UNSPECIFIED: 828,
    PUBLIC_DOMAIN: 821,
    BY: 822,
    BY_SA: 823,
    BY_ND: 824,
    BY_NC: 825,
    BY_NC_SA: 826,
    BY_NC_ND: 827,
  },
  UPLOADS: {
    IMAGE: [".jpg", ".jpeg", ".png"],
    VIDEO: [".mp4", ".mov", ".webm"],
    AUDIO: [".wav", ".mp3"],
    PAGE_VIDEO: [".mp4"],
  },
  EVENTS: {
    AUTHWALL_INIT: "authwall_init",
    AUTHWALL_SUCCESS: "authwall_success",
    AUTHWALL_FAILED: "authwall_failed",
    TEMPLATE_DELETED: "template_deleted",
    ACTIVITY_UPDATED: "activity_updated",
  },
} as const;

export type LocaleCode = LanguageConfig["code"];

export function languageIdFor(locale: string | undefined): number {
  return LANGUAGES.find((l) => l.code === locale)?.id ?? SITE_CONFIG.LANG.DEFAULT_ID;
}

export function localeFor(languageId: number | undefined): LocaleCode {
  return LANGUAGES.find((l) => l.id === languageId)?.code ?? SITE_CONFIG.LANG.DEFAULT;
}

export default SITE_CONFIG;
