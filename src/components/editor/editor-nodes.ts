import { mergeAttributes, Node } from "@tiptap/core";
import { allowedEmbedSrc } from "@/shared/html/embed-hosts";

/**
 * A video uploaded to the files service: `<video controls src>` (the page HTML rule keeps `video`
 * with `src` and `controls`). A `<video><source src></video>` pasted from elsewhere is read too.
 */
export const VideoNode = Node.create({
  name: "video",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [
      { tag: "video[src]", getAttrs: (el) => ({ src: (el as HTMLElement).getAttribute("src") }) },
      {
        tag: "video",
        getAttrs: (el) => {
          const src = (el as HTMLElement).querySelector("source[src]")?.getAttribute("src");
          return src ? { src } : false;
        },
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return ["video", mergeAttributes(HTMLAttributes, { controls: "controls" })];
  },
});

/**
 * An embedded player (YouTube, Vimeo): kept as it is so editing a page never drops it. Only an https
 * `src` on EMBED_HOSTS is read (pasted or loaded) and written; any other frame is dropped, as the
 * content rule drops it when the page is saved.
 */
export const EmbedNode = Node.create({
  name: "embed",
  group: "block",
  atom: true,
  addAttributes() {
    return {
      src: { default: null, parseHTML: (el) => allowedEmbedSrc(el.getAttribute("src")) },
      width: { default: null },
      height: { default: null },
      title: { default: null },
      allowfullscreen: { default: null, parseHTML: (el) => (el.hasAttribute("allowfullscreen") ? "allowfullscreen" : null) },
    };
  },
  parseHTML() {
    return [{ tag: "iframe[src]", getAttrs: (el) => (allowedEmbedSrc((el as HTMLElement).getAttribute("src")) ? null : false) }];
  },
  renderHTML({ HTMLAttributes }) {
    // Also a node inserted as JSON (not parsed from HTML): an unknown src is not rendered.
    return ["iframe", mergeAttributes(HTMLAttributes, { src: allowedEmbedSrc(HTMLAttributes.src) })];
  },
});

/** `<figure>` around an image with its `<figcaption>`, kept as written (seeded pages use them). */
export const FigureNode = Node.create({
  name: "figure",
  group: "block",
  content: "image figcaption?",
  draggable: true,
  isolating: true,
  parseHTML() {
    return [{ tag: "figure" }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["figure", mergeAttributes(HTMLAttributes), 0];
  },
});

export const FigcaptionNode = Node.create({
  name: "figcaption",
  content: "inline*",
  parseHTML() {
    return [{ tag: "figcaption" }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["figcaption", mergeAttributes(HTMLAttributes), 0];
  },
});
