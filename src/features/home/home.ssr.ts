import SITE_CONFIG from "@site-config";
import type { AxiosInstance } from "axios";
import { ApiError } from "@/lib/api/api-error";
import { fetchGroup, fetchGroupListExpanded } from "@/lib/api/groups";
import { fetchPage } from "@/lib/api/pages";
import { CACHE_KEYS } from "@/shared/cache/invalidation";
import { cached } from "@/shared/cache/memory-cache";
import { withLayout } from "@/lib/ssr/with-layout";
import { AREA_FIELD_ID } from "@/contracts/chart";
import type { CCAFieldValue } from "@/contracts/cca-data";
import type { HomePageData } from "@/contracts/home";
import { fetchRecordList } from "@/lib/api/cca-data";
import { fetchChart, fetchHome } from "@/lib/api/home";
import { cleanPageHtml } from "@/shared/html/sanitize-page-html";
import type { FeaturedPage, FeaturedRecord, HomeConfigView, HomeProps, HomeStats } from "./home-types";

const CALL_TO_ACTION_IDS = [SITE_CONFIG.PAGES.ABOUT_ID, SITE_CONFIG.PAGES.PARTICIPATE_ID, SITE_CONFIG.PAGES.DONATE_ID];

/** About, participate and donate pages (the same ids in both languages, read in the visitor's); a missing one is left out. */
function loadCallToActionPages(client: AxiosInstance, languageId: number): Promise<FeaturedPage[]> {
  return cached(`${CACHE_KEYS.pages}featured:${languageId}`, SITE_CONFIG.CACHE.PAGE_TREE_MS, async () => {
    const pages = await Promise.all(
      CALL_TO_ACTION_IDS.map((id) =>
        fetchPage(client, id, "minimal", languageId).then(
          (page) => ({ id: page.id, title: page.title, description: page.description }),
          (error: unknown) => {
            if (ApiError.from(error).isNotFound) return null;
            throw error;
          },
        ),
      ),
    );
    return pages.filter((p): p is FeaturedPage => p !== null);
  });
}

const EMPTY_CONFIG: HomeConfigView = { slides: [], miniGalleries: [], description: null, showStats: true };

/** The home's configuration as the screen needs it; an unreadable one is an unconfigured home (the page still renders). */
async function loadConfig(client: AxiosInstance, groupId: number | null, languageId: number): Promise<HomeConfigView> {
  let home: HomePageData;
  try {
    home = await cached(`${CACHE_KEYS.home}${groupId ?? "site"}:${languageId}`, SITE_CONFIG.CACHE.PAGE_TREE_MS, () => fetchHome(client, groupId, languageId));
  } catch (error) {
    console.error("[home] the home configuration could not be read:", ApiError.from(error).message);
    return EMPTY_CONFIG;
  }
  // Stored clean; cleaned again here (on the server, so the sanitiser never reaches the browser's bundle).
  const clean = <T extends { customDescripition: string }>(s: T): T => ({ ...s, customDescripition: cleanPageHtml(s.customDescripition) });
  return {
    slides: home.showGallery ? home.gallerySlider.map(clean) : [],
    miniGalleries: home.miniGallery.map((m) => ({ ...m, gallerySlider: m.gallerySlider.map(clean) })),
    description: home.showDesc && home.description ? home.description : null,
    showStats: home.showStats,
  };
}

/** The counts under the home's statistics; an anonymous visitor's from the in-process cache (`records:`), as the featured cards. */
async function loadStats(client: AxiosInstance, groupId: number | null, anonymous: boolean): Promise<HomeStats | null> {
  const load = async (): Promise<HomeStats> => {
    const chart = await fetchChart(client, groupId === null ? {} : { usergroups: String(groupId) });
    return { total: chart.total, area: chart.numericAggregation[AREA_FIELD_ID]?.sum ?? 0 };
  };
  try {
    return anonymous ? await cached(`${CACHE_KEYS.records}home-stats:${groupId ?? "site"}`, SITE_CONFIG.CACHE.PAGE_TREE_MS, load) : await load();
  } catch (error) {
    console.error("[home] the statistics could not be read:", ApiError.from(error).message);
    return null;
  }
}

/** A value as a line of text: text and numbers as they are, options by their label, lists joined. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(valueText).filter(Boolean).join(", ");
  if (typeof value === "object" && "label" in value) return valueText((value as { label: unknown }).label ?? (value as { value?: unknown }).value);
  return "";
}

const IMAGE_PATH = /\.(jpe?g|png|webp|gif)(?:[?#]|$)/i;
const CARD_LINES = 3;

function recordCard(item: { id: number; files: { path: string; type?: string }[]; values: CCAFieldValue[]; titlesValues: CCAFieldValue[] }): FeaturedRecord {
  const titleIds = new Set(item.titlesValues.map((v) => v.fieldId));
  const title = item.titlesValues.map((v) => valueText(v.value)).filter(Boolean).join(", ") || null;
  const image = item.files.find((f) => f.type === "image" || IMAGE_PATH.test(f.path));
  return {
    id: item.id,
    title,
    lines: item.values
      .filter((v) => !titleIds.has(v.fieldId))
      .map((v) => ({ name: v.name, text: valueText(v.value) }))
      .filter((l) => l.text !== "")
      .slice(0, CARD_LINES),
    image: image ? `${image.path.replace("/get/raw/", "/get/crop/")}?h=144` : null,
  };
}

/**
 * The featured records' cards. What an anonymous visitor sees is the same for all of them: kept in the
 * in-process cache under `records:` (every record write, template change, delete and restore drops it);
 * a signed-in visitor's cards are read fresh, as their permissions may show more.
 */
async function loadFeaturedRecords(client: AxiosInstance, locale: "en" | "hi", anonymous: boolean): Promise<FeaturedRecord[]> {
  const ids = SITE_CONFIG.HOME.FEATURED_CCA_IDS;
  if (ids.length === 0) return [];
  const load = async () => (await fetchRecordList(client, [...ids], locale)).ccaDataList.map(recordCard);
  try {
    return anonymous ? await cached(`${CACHE_KEYS.records}featured:${locale}`, SITE_CONFIG.CACHE.PAGE_TREE_MS, load) : await load();
  } catch (error) {
    console.error("[home] the featured records could not be read:", ApiError.from(error).message);
    return [];
  }
}

export const getServerSideProps = withLayout<HomeProps>(async ({ client, layout, languageId, locale }) => {
  const group = layout.currentGroup;
  if (group.id === null) {
    const [featured, config, stats, records] = await Promise.all([
      loadCallToActionPages(client, languageId),
      loadConfig(client, null, languageId),
      loadStats(client, null, layout.user === null),
      loadFeaturedRecords(client, locale === "hi" ? "hi" : "en", layout.user === null),
    ]);
    return { props: { kind: "main", featured, config, stats: config.showStats ? stats : null, records } };
  }
  const [config, stats] = await Promise.all([loadConfig(client, group.id, languageId), loadStats(client, group.id, layout.user === null)]);
  let detail;
  let memberCount: number | null = null;
  try {
    const [found, listed] = await Promise.all([fetchGroup(client, group.id, languageId), fetchGroupListExpanded(client, languageId).catch(() => null)]);
    detail = found;
    memberCount = listed?.find((g) => g.id === group.id)?.memberCount ?? null;
  } catch (error) {
    // A group removed since the group list was cached: not found, not a server error.
    if (ApiError.from(error).isClientError) return { notFound: true };
    throw error;
  }
  const featured = layout.pageTree.map((p) => ({ id: p.id, title: p.title, description: null }));
  return {
    props: {
      kind: "group",
      group: {
        id: detail.id,
        name: detail.name,
        nameLocal: detail.nameLocal,
        description: detail.description,
        icon: group.icon,
        memberCount,
        allowUserToJoin: detail.allowUserToJoin,
      },
      featured,
      config,
      stats: config.showStats ? stats : null,
    },
  };
});
