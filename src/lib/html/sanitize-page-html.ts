import sanitizeHtml from "sanitize-html";
import { addHeadingIds, type TocEntry } from "./heading-ids";

/** Embeds allowed in page content: YouTube (also without cookies) and Vimeo players, over https. */
export const EMBED_HOSTS = ["www.youtube.com", "youtube.com", "www.youtube-nocookie.com", "youtube-nocookie.com", "player.vimeo.com"];

/**
 * The one rule for page HTML, applied when the platform stores a page and again when a screen renders
 * it: no script or style, no event-handler attributes, no javascript:/data: links (data: only for
 * images), iframes only from EMBED_HOSTS. Node-only (server and getServerSideProps), so the sanitiser
 * never ships to the browser.
 */
export function cleanPageHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags,
      "img",
      "figure",
      "figcaption",
      "iframe",
      "video",
      "source",
      "audio",
      "picture",
    ],
    allowedAttributes: {
      "*": ["id", "class", "lang", "dir", "title", "style"],
      a: ["href", "name", "target", "rel"],
      img: ["src", "srcset", "alt", "width", "height", "loading"],
      iframe: ["src", "width", "height", "allowfullscreen", "title"],
      video: ["src", "controls", "width", "height", "poster"],
      audio: ["src", "controls"],
      source: ["src", "type"],
      td: ["colspan", "rowspan", "headers", "scope"],
      th: ["colspan", "rowspan", "headers", "scope"],
      table: ["summary"],
      ol: ["start", "type", "reversed"],
    },
    allowedStyles: {
      "*": {
        "text-align": [/^(left|right|center|justify)$/],
      },
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["http", "https", "data"], iframe: ["https"] },
    allowProtocolRelative: false,
    allowedIframeHostnames: EMBED_HOSTS,
    transformTags: {
      a: (tagName, attribs) => {
        const attrs = { ...attribs };
        if (attrs.target === "_blank") attrs.rel = "noopener noreferrer";
        return { tagName, attribs: attrs };
      },
      img: (tagName, attribs) => ({ tagName, attribs: { loading: "lazy", ...attribs, alt: attribs.alt ?? "" } }),
    },
  });
}

/** Page HTML ready to render, with the table of contents built from its headings. */
export interface PreparedPageHtml {
  html: string;
  toc: TocEntry[];
}

/**
 * Page HTML as a screen shows it (the one render-time rule): cleaned, every heading given a stable
 * slug id (for the table of contents), every table wrapped in a focusable, labelled scroll region.
 */
export function preparePageHtml(html: string, tableLabel = "Table"): PreparedPageHtml {
  const clean = cleanPageHtml(html);
  const label = sanitizeHtml(tableLabel, { allowedTags: [], allowedAttributes: {} }).replace(/"/g, "&quot;");
  const wrapped = clean
    .replace(/<table(\s|>)/g, `<div class="table-scroll" role="region" tabindex="0" aria-label="${label}"><table$1`)
    .replace(/<\/table>/g, "</table></div>");
  return addHeadingIds(wrapped);
}

/** The HTML of `preparePageHtml` alone. */
export function sanitizePageHtml(html: string, tableLabel = "Table"): string {
  return preparePageHtml(html, tableLabel).html;
}
