/**
 * The nonce the document renders into its script tags (`src/pages/_document.tsx`). It is a slot, not
 * a secret: the portal server (`src/web-server/csp.ts`) replaces every `nonce="<slot>"` of each HTML
 * answer with a fresh random nonce, and sends that nonce in the Content-Security-Policy header of the
 * same answer. So a page rendered once (at build time, or kept by the anonymous page cache) still
 * carries a new nonce for every visitor.
 *
 * Same length as a real nonce (16 random bytes in base64), so replacing it keeps Content-Length.
 * Only the exact attribute form `nonce="<slot>"` is replaced: React escapes quotes in text and
 * attributes and JSON escapes them too, so only raw HTML could carry it, and raw HTML is sanitised
 * (no script elements: `src/shared/html/sanitize-page-html.ts`).
 */
export const CSP_NONCE_SLOT = "ccaCspNonceSlot000000000";
