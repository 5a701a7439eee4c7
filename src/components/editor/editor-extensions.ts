import Heading, { type Level } from "@tiptap/extension-heading";
import Image from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import StarterKit from "@tiptap/starter-kit";
import { EmbedNode, FigcaptionNode, FigureNode, VideoNode } from "./editor-nodes";

/** The heading levels the editor offers: h1 is the page's title, deeper than h4 is not offered. */
export const EDITOR_HEADING_LEVELS: readonly Level[] = [2, 3, 4];

const ALL_HEADING_LEVELS: readonly Level[] = [1, 2, 3, 4, 5, 6];

/** The offered level nearest to `level` (h1 → the shallowest, h5 and h6 → the deepest offered). */
export function nearestHeadingLevel(level: number, levels: readonly Level[] = EDITOR_HEADING_LEVELS): Level {
  return levels.reduce((best, candidate) => (Math.abs(candidate - level) < Math.abs(best - level) ? candidate : best));
}

/**
 * Headings of every level are read as the nearest offered level, so a page written elsewhere (h1, h5,
 * h6) keeps its headings when it is edited instead of losing them to paragraphs.
 */
const PageHeading = Heading.extend({
  parseHTML() {
    return ALL_HEADING_LEVELS.map((level) => ({ tag: `h${level}`, attrs: { level: nearestHeadingLevel(level, this.options.levels) } }));
  },
});

/**
 * What the page editor understands: everything the page HTML rule keeps and seeded or older pages
 * use (headings 2–4, lists, links, quotes, tables, images with figures, videos, embeds), so opening
 * and saving a page never drops part of it.
 */
export function pageEditorExtensions() {
  return [
    StarterKit.configure({
      heading: false,
      code: false,
      codeBlock: false,
      link: { openOnClick: false, autolink: true, defaultProtocol: "https", HTMLAttributes: { rel: "noopener noreferrer", target: null } },
    }),
    PageHeading.configure({ levels: [...EDITOR_HEADING_LEVELS] }),
    Image.configure({ allowBase64: false }),
    TableKit.configure({ table: { resizable: false } }),
    VideoNode,
    EmbedNode,
    FigureNode,
    FigcaptionNode,
  ];
}
