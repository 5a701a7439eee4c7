/**
 * Page HTML is cleaned when stored with the same rule the screens apply when rendering
 * (src/lib/html/sanitize-page-html.ts); tables are wrapped only at render time.
 */
export { cleanPageHtml as sanitizeStoredPageHtml, EMBED_HOSTS } from "@/lib/html/sanitize-page-html";
