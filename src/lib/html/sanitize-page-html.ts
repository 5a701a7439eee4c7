import sanitizeHtml from "sanitize-html";

const VIDEO_HOSTS = ["www.youtube.com", "youtube.com", "www.youtube-nocookie.com", "player.vimeo.com"];

/**
 * Makes stored page HTML safe to render (no scripts, event handlers or foreign frames) and wraps
 * every table in a focusable, horizontally scrollable region. Server-side only (used in
 * getServerSideProps), so the sanitiser never ships to the browser.
 */
export function sanitizePageHtml(html: string, tableLabel = "Table"): string {
  const clean = sanitizeHtml(html, {
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
    },
    allowedStyles: {
      "*": {
        "text-align": [/^(left|right|center|justify)$/],
      },
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["http", "https", "data"] },
    allowProtocolRelative: false,
    allowedIframeHostnames: VIDEO_HOSTS,
    transformTags: {
      a: (tagName, attribs) => {
        const attrs = { ...attribs };
        if (attrs.target === "_blank") attrs.rel = "noopener noreferrer";
        return { tagName, attribs: attrs };
      },
      img: (tagName, attribs) => ({ tagName, attribs: { loading: "lazy", ...attribs, alt: attribs.alt ?? "" } }),
    },
  });
  const label = sanitizeHtml(tableLabel, { allowedTags: [], allowedAttributes: {} }).replace(/"/g, "&quot;");
  return clean
    .replace(/<table(\s|>)/g, `<div class="table-scroll" role="region" tabindex="0" aria-label="${label}"><table$1`)
    .replace(/<\/table>/g, "</table></div>");
}
