/**
 * Page HTML is cleaned when stored with the same rule the screens apply when rendering
 * (src/shared/html/sanitize-page-html.ts); tables are wrapped only at render time.
 */
export { cleanPageHtml as sanitizeStoredPageHtml, EMBED_HOSTS } from "@/shared/html/sanitize-page-html";
