import { Head, Html, Main, NextScript } from "next/document";
import SITE_CONFIG from "@site-config";

// <html lang> is set by Next's i18n routing from the active locale.
export default function Document() {
  return (
    <Html>
      <Head>
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
