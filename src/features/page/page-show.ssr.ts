import type { PageShowFull } from "@/contracts/page";
import { redirectDestination } from "@/contracts/redirect-target";
import { ApiError } from "@/lib/api/api-error";
import { fetchPage } from "@/lib/api/pages";
import { CACHE_KEYS } from "@/shared/cache/invalidation";
import { cached } from "@/shared/cache/memory-cache";
import type { TocEntry } from "@/shared/html/heading-ids";
import { preparePageHtml } from "@/shared/html/sanitize-page-html";
import { parsePositiveId } from "@/lib/params";
import SITE_CONFIG from "@site-config";
import { withLayout } from "@/lib/ssr/with-layout";
import enPage from "../../../locales/en/page.json";
import hiPage from "../../../locales/hi/page.json";

export interface PageShowProps {
  page: PageShowFull;
  /** Headings of the content (with their slug ids), for "Quick navigation". */
  toc: TocEntry[];
}

export const getServerSideProps = withLayout<PageShowProps>(async ({ ctx, client, locale, languageId }) => {
  const id = parsePositiveId(ctx.params?.pageId);
  if (id === null) return { notFound: true };
  const tableLabel = (locale === "hi" ? hiPage : enPage).table_scroll_hint;
  let prepared: PageShowProps;
  try {
    // Public content: fetched and sanitised once, then served from the cache the platform clears on page writes.
    prepared = await cached(`${CACHE_KEYS.pages}show:${id}:${locale}`, SITE_CONFIG.CACHE.PAGE_TREE_MS, async () => {
      const full = await fetchPage(client, id, "full", languageId);
      const { html, toc } = preparePageHtml(full.content, tableLabel);
      return { page: { ...full, content: html }, toc };
    });
  } catch (error) {
    if (ApiError.from(error).isClientError) return { notFound: true };
    throw error;
  }
  const { page } = prepared;
  if (page.pageType === "Redirect" && page.url) {
    // The rule the form and the platform check (contracts/redirect-target.ts): a site path stays on the
    // host the visitor is on (also in a group, or on a group's own domain); anything else is not followed.
    const destination = redirectDestination(page.url);
    if (destination === null) return { notFound: true };
    return { redirect: { destination, permanent: false } };
  }
  return { props: prepared };
});
