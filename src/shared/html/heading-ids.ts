/** One entry of a page's table of contents. */
export interface TocEntry {
  id: string;
  text: string;
  /** 1–6, from the heading tag. */
  level: number;
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/** Text of an HTML fragment: tags dropped, the common entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z0-9]+);/gi, (whole, name: string) => {
      if (name[0] === "#") {
        const code = name[1]?.toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
      }
      return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** A URL-fragment id from a heading's text: lower case, letters/marks/digits (any script) joined by "-". */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "section";
}

/**
 * Ids and name attributes from content live under this prefix (the sanitiser moves them there), so
 * content cannot name an element the application looks up.
 */
export const USER_CONTENT_PREFIX = "user-content-";

/**
 * Ids of the application (Next's own and the layout's and page screens') and `window` names its
 * scripts read: a heading slug never takes one of them (it becomes "next-2", "main-content-2", …).
 * Slugs are lower-case letters, marks, digits and "-", so `__next` / `__NEXT_DATA__` cannot occur;
 * they are listed anyway.
 */
export const RESERVED_IDS: readonly string[] = [
  "__next",
  "__NEXT_DATA__",
  "__next-route-announcer__",
  "__next-build-watcher",
  "next",
  "main-content",
  "navbar-mobile-menu",
  "primary-menu",
  "page-toc",
  "page-tree-title",
  "page-tree-list",
  "page-reorder-help",
  "page-comments-title",
  "group-title",
  "group-pages",
  "home-title",
  "home-stats",
  "home-records",
  "home-microsites",
  "home-featured",
  "participate-consent",
  "participate-consent-error",
  "participate-form",
  "participate-promise",
  "participate-sign-in",
  "participate-success",
];

/** Hands out unique ids: the first "intro" stays "intro", the next ones become "intro-2", "intro-3", … (`taken`: never handed out). */
export function createSlugger(taken: readonly string[] = []): (text: string) => string {
  const used = new Set<string>(taken);
  return (base: string) => {
    let id = base;
    for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
}

const HEADING = /<h([1-6])((?:\s[^>]*)?)>([\s\S]*?)<\/h\1>/gi;
const ID_ATTR = /\sid\s*=\s*"([^"]*)"/i;

/**
 * Gives every heading of (already sanitised, well-formed) HTML a stable id made from its text, unique
 * within the page (duplicates get -2, -3, …) and never one of RESERVED_IDS. A heading that already has
 * an id keeps it (links to it keep working; after sanitising it is a `user-content-` id) unless an
 * earlier heading took it. Returns the HTML and the table of contents.
 */
export function addHeadingIds(html: string): { html: string; toc: TocEntry[] } {
  const unique = createSlugger(RESERVED_IDS);
  const toc: TocEntry[] = [];
  const out = html.replace(HEADING, (_whole, level: string, attrs: string, inner: string) => {
    const text = htmlToText(inner);
    const own = ID_ATTR.exec(attrs)?.[1]?.trim();
    const id = unique(own ? own : slugify(text));
    const rest = attrs.replace(ID_ATTR, "");
    if (text) toc.push({ id, text, level: Number(level) });
    return `<h${level} id="${id.replace(/"/g, "&quot;")}"${rest}>${inner}</h${level}>`;
  });
  return { html: out, toc };
}
