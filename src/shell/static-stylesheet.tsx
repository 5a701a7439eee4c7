import { createHash } from "crypto";
import { Global } from "@emotion/react";
import { renderToStaticMarkup } from "react-dom/server";
import { LAYOUT_CSS } from "@/components/layout/layout-styles";
import { DATA_CSS } from "@/features/data/data-styles";
import { DOCUMENT_CSS } from "@/features/document/document-styles";
import { GROUP_CSS } from "@/features/group/group-styles";
import { HOME_CSS } from "@/features/home/home-styles";
import { PAGE_CSS } from "@/features/page/page-styles";
import { devanagariFontCss } from "../components/ui/devanagari-font-files";
import { system } from "../components/ui/provider";

/**
 * The styles that are the same on every page, served as one long-cached stylesheet instead of being
 * re-serialised into every HTML response: Chakra's layer order, preflight, global CSS and design
 * tokens (what <ChakraProvider> would inject, from the app's own `system`), and the chrome's class
 * names (`layout-styles.ts`) and those of the most visited screens (home, page: `home-styles.ts`,
 * `page-styles.ts`) and the data screens' repeated parts (`data-styles.ts`), the group list (`group-styles.ts`), and the Devanagari web
 * font's @font-face rules (`devanagari-font-files.ts`). Rendered through Emotion's own <Global>, so the
 * CSS is byte for byte what Emotion inlined before. Server only: the document links it, an API route serves it.
 */
const GLOBAL_STYLES = [system.layers.atRule, system._global, LAYOUT_CSS, HOME_CSS, PAGE_CSS, DATA_CSS, DOCUMENT_CSS, GROUP_CSS];

export const STATIC_STYLESHEET_PATH = "/api/styles/";

let memo: { css: string; hash: string } | null = null;

export function staticStylesheet(): { css: string; hash: string } {
  if (memo) return memo;
  const markup = renderToStaticMarkup(
    <>
      {[...GLOBAL_STYLES, devanagariFontCss()].map((styles, index) => (
        <Global key={index} styles={styles} />
      ))}
    </>,
  );
  const css = [...markup.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("\n");
  const hash = createHash("sha256").update(css).digest("hex").slice(0, 16);
  memo = { css, hash };
  return memo;
}

/** The stylesheet's address: its name changes with its content, so browsers may keep it for a year. */
export function staticStylesheetHref(): string {
  return `${STATIC_STYLESHEET_PATH}site.${staticStylesheet().hash}.css`;
}
