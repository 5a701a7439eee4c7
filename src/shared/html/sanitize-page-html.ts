import sanitizeHtml from "sanitize-html";
import { addHeadingIds, USER_CONTENT_PREFIX, type TocEntry } from "./heading-ids";

import { EMBED_HOSTS } from "./embed-hosts";

export { EMBED_HOSTS };

/** An id (or `a[name]`) from content, moved into the reserved `user-content-` namespace; undefined when empty. */
export function userContentId(value: string): string | undefined {
  const id = value.trim();
  if (id === "") return undefined;
  return id.startsWith(USER_CONTENT_PREFIX) ? id : `${USER_CONTENT_PREFIX}${id}`;
}

/** An in-page link (`#x`) pointed at the namespaced id (`#user-content-x`); other links, `#` and `#top` unchanged. */
function userContentHref(href: string): string {
  const value = href.trim();
  if (!value.startsWith("#") || value === "#" || value.toLowerCase() === "#top") return href;
  return `#${userContentId(value.slice(1)) ?? ""}`;
}

/**
 * Content may not name elements the application's own scripts look up (DOM clobbering: an element
 * `id="__NEXT_DATA__"` would be read by Next as its data script, `name`/`id` become `window`/`document`
 * properties). Every id and `a[name]` from content gets the `user-content-` prefix, and in-page links
 * and table `headers` follow, so they keep working.
 */
function namespaceIds(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const attrs = { ...attribs };
  for (const key of ["id", "name"] as const) {
    if (attrs[key] === undefined) continue;
    const id = userContentId(attrs[key]);
    if (id === undefined) delete attrs[key];
    else attrs[key] = id;
  }
  if (attrs.href !== undefined) attrs.href = userContentHref(attrs.href);
  if (attrs.headers !== undefined) {
    attrs.headers = attrs.headers
      .split(/\s+/)
      .map((h) => (h ? userContentId(h) : undefined))
      .filter(Boolean)
      .join(" ");
  }
  return { tagName, attribs: attrs };
}

/**
 * The one rule for content HTML (pages, home slides, announcements, record rich text), applied when
 * the platform stores it and again when a screen renders it: no script or style, no event-handler
 * attributes, no javascript:/data: URLs in links, sources or video posters (data: only for images),
 * iframes only from EMBED_HOSTS over https, ids and names only in the `user-content-` namespace (no
 * DOM clobbering). Idempotent. Node-only (server and getServerSideProps), so the sanitiser never ships
 * to the browser.
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
    allowedSchemesByTag: { img: ["http", "https", "data"], iframe: ["https"], video: ["http", "https"], audio: ["http", "https"], source: ["http", "https"] },
    allowedSchemesAppliedToAttributes: ["href", "src", "cite", "poster"],
    allowProtocolRelative: false,
    allowedIframeHostnames: [...EMBED_HOSTS],
    allowIframeRelativeUrls: false,
    // An iframe whose src was refused would be an empty frame.
    exclusiveFilter: (frame) => frame.tag === "iframe" && !frame.attribs.src,
    transformTags: {
      "*": namespaceIds,
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

function wrapTables(clean: string, tableLabel: string): string {
  const label = sanitizeHtml(tableLabel, { allowedTags: [], allowedAttributes: {} }).replace(/"/g, "&quot;");
  return clean
    .replace(/<table(\s|>)/g, `<div class="table-scroll" role="region" tabindex="0" aria-label="${label}"><table$1`)
    .replace(/<\/table>/g, "</table></div>");
}

const ID_VALUE = /\sid="([^"]*)"/g;
const FRAGMENT_HREF = new RegExp(`(\\shref=")#${USER_CONTENT_PREFIX}([^"]*)"`, "g");

/** `href="#user-content-x"` back to `#x` when only a heading slug "x" (added after cleaning) is there to point at. */
function linkHeadingSlugs(html: string): string {
  const ids = new Set([...html.matchAll(ID_VALUE)].map((m) => m[1]!));
  return html.replace(FRAGMENT_HREF, (whole, start: string, rest: string) => {
    let target = rest;
    try {
      target = decodeURIComponent(rest);
    } catch {
      // Not percent-encoded text: compared as it is.
    }
    return !ids.has(`${USER_CONTENT_PREFIX}${target}`) && ids.has(target) ? `${start}#${rest}"` : whole;
  });
}

/**
 * Page HTML as a screen shows it (the one render-time rule): cleaned, every heading given a stable
 * slug id (for the table of contents; never one of the application's own ids), every table wrapped
 * in a focusable, labelled scroll region.
 */
export function preparePageHtml(html: string, tableLabel = "Table"): PreparedPageHtml {
  const { html: withIds, toc } = addHeadingIds(wrapTables(cleanPageHtml(html), tableLabel));
  return { html: linkHeadingSlugs(withIds), toc };
}

/**
 * A record's rich-text value as a screen shows it: cleaned and tables wrapped, but no heading ids (a
 * record has no table of contents, and several values share one screen with the application's ids).
 */
export function prepareRichTextHtml(html: string, tableLabel = "Table"): string {
  return wrapTables(cleanPageHtml(html), tableLabel);
}

/** The HTML of `preparePageHtml` alone. */
export function sanitizePageHtml(html: string, tableLabel = "Table"): string {
  return preparePageHtml(html, tableLabel).html;
}
