import Image from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import StarterKit from "@tiptap/starter-kit";
import { EmbedNode, FigcaptionNode, FigureNode, VideoNode } from "./editor-nodes";

/**
 * What the page editor understands: everything the page HTML rule keeps and seeded or older pages
 * use (headings 2–4, lists, links, quotes, tables, images with figures, videos, embeds), so opening
 * and saving a page never drops part of it.
 */
export function pageEditorExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      code: false,
      codeBlock: false,
      link: { openOnClick: false, autolink: true, defaultProtocol: "https", HTMLAttributes: { rel: "noopener noreferrer", target: null } },
    }),
    Image.configure({ allowBase64: false }),
    TableKit.configure({ table: { resizable: false } }),
    VideoNode,
    EmbedNode,
    FigureNode,
    FigcaptionNode,
  ];
}
