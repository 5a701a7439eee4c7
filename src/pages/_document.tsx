import { Head, Html, Main, NextScript } from "next/document";
import SITE_CONFIG from "@site-config";
import { staticStylesheetHref } from "@/shell/static-stylesheet";
import { CSP_NONCE_SLOT } from "@/shared/csp-nonce";

// <html lang> is set by Next's i18n routing from the active locale.
// Next's scripts carry the nonce slot; the portal server puts a fresh nonce there for every answer
// (src/web-server/csp.ts), so they run under the Content-Security-Policy and nothing injected does.
export default function Document() {
  return (
    <Html>
      <Head nonce={CSP_NONCE_SLOT}>
        {/* Render-blocking on purpose: the page never paints without its tokens and global styles. */}
        <link rel="stylesheet" href={staticStylesheetHref()} />
        <link rel="icon" href="/favicon.ico" sizes="any" />
        <link rel="icon" href="/logo.svg" type="image/svg+xml" />
        <meta name="theme-color" content={SITE_CONFIG.SITE.THEME_COLOR} />
      </Head>
      <body>
        <Main />
        <NextScript nonce={CSP_NONCE_SLOT} />
      </body>
    </Html>
  );
}
