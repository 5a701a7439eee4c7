import type { PageShowFull } from "@/contracts/page";
import { ApiError } from "@/lib/api/api-error";
import { fetchPage } from "@/lib/api/pages";
import { sanitizePageHtml } from "@/lib/html/sanitize-page-html";
import { withLayout } from "@/lib/ssr/with-layout";
import enPage from "../../../locales/en/page.json";
import hiPage from "../../../locales/hi/page.json";

export interface PageShowProps {
  page: PageShowFull;
}

export function parsePageId(raw: unknown): number | null {
  if (typeof raw !== "string" || !/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

function isSafeRedirect(url: string): boolean {
  if (url.startsWith("/") && !url.startsWith("//")) return true;
  try {
    const { protocol } = new URL(url);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

export const getServerSideProps = withLayout<PageShowProps>(async ({ ctx, client, locale }) => {
  const id = parsePageId(ctx.params?.pageId);
  if (id === null) return { notFound: true };
  let page: PageShowFull;
  try {
    page = await fetchPage(client, id, "full");
  } catch (error) {
    if (ApiError.from(error).isClientError) return { notFound: true };
    throw error;
  }
  if (page.pageType === "Redirect" && page.url) {
    if (!isSafeRedirect(page.url)) return { notFound: true };
    return { redirect: { destination: page.url, permanent: false } };
  }
  const tableLabel = (locale === "hi" ? hiPage : enPage).table_scroll_hint;
  return { props: { page: { ...page, content: sanitizePageHtml(page.content, tableLabel) } } };
});
