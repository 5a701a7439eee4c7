import { Head, Html, Main, NextScript } from "next/document";
import SITE_CONFIG from "@site-config";
import { staticStylesheetHref } from "@/components/ui/static-stylesheet";

// <html lang> is set by Next's i18n routing from the active locale.
export default function Document() {
  return (
    <Html>
      <Head>
        {/* Render-blocking on purpose: the page never paints without its tokens and global styles. */}
        <link rel="stylesheet" href={staticStylesheetHref()} />
        <link rel="icon" href="/favicon.ico" sizes="any" />
        <link rel="icon" href="/logo.svg" type="image/svg+xml" />
        <meta name="theme-color" content={SITE_CONFIG.SITE.THEME_COLOR} />
      </Head>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
