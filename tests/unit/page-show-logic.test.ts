import { describe, expect, it } from "vitest";
import type { PageTreeNode } from "@/contracts/page";
import { addHeadingIds, slugify } from "@/shared/html/heading-ids";
import { preparePageHtml } from "@/shared/html/sanitize-page-html";
import { licenseNameKey, LICENSE_IDS } from "@/shared/licenses";
import { applyDrop, applyMove, canMove, toTreeItems } from "@/features/page/page-tree-moves";
import { slideCaption } from "@/features/page/page-banner";
import enPage from "../../locales/en/page.json";

describe("[PAGES] headings get stable slug ids and build the quick navigation", () => {
  it("slugs keep letters of any script and fall back to 'section'", () => {
    expect(slugify("  What is a CCA?  ")).toBe("what-is-a-cca");
    expect(slugify("सामुदायिक संरक्षित क्षेत्र")).toBe("सामुदायिक-संरक्षित-क्षेत्र");
    expect(slugify("!!!")).toBe("section");
  });

  it("numbers duplicates -2, -3 and lists every heading in order with its level and text", () => {
    const { html, toc } = addHeadingIds("<h2>Intro</h2><p>x</p><h3>Details &amp; <em>more</em></h3><h2>Intro</h2><h2>Intro</h2>");
    expect(toc).toEqual([
      { id: "intro", text: "Intro", level: 2 },
      { id: "details-more", text: "Details & more", level: 3 },
      { id: "intro-2", text: "Intro", level: 2 },
      { id: "intro-3", text: "Intro", level: 2 },
    ]);
    expect(html).toContain('<h2 id="intro">Intro</h2>');
    expect(html).toContain('<h2 id="intro-3">Intro</h2>');
  });

  it("keeps an id the editor gave, and gives the same ids on every render", () => {
    const source = '<h2 id="donate">Give</h2><h2>Donate</h2><h2>Give</h2>';
    const first = addHeadingIds(source);
    expect(first.toc.map((e) => e.id)).toEqual(["donate", "donate-2", "give"]);
    expect(addHeadingIds(source)).toEqual(first);
  });

  it("is part of the one render-time rule: sanitised, ids added, no headings means no quick navigation", () => {
    const prepared = preparePageHtml('<h2 onclick="x()">Safe <script>alert(1)</script>title</h2><table><tr><td>a</td></tr></table>');
    expect(prepared.html).not.toMatch(/script|onclick/);
    expect(prepared.html).toContain('<h2 id="safe-title">');
    expect(prepared.html).toContain('class="table-scroll"');
    expect(preparePageHtml("<p>No headings</p>").toc).toEqual([]);
  });
});

const node = (id: number, children: PageTreeNode[] = []): PageTreeNode => ({
  id,
  title: `Page ${id}`,
  parentId: 0,
  pageIndex: 0,
  pageType: "Content",
  showInMenu: true,
  showInFooter: true,
  children,
});

/** 1, 2 (21, 22), 3 */
const tree = () => [node(1), node(2, [node(21), node(22)]), node(3)];

describe("[PAGES] the sidebar's keyboard moves give the whole tree as the flat updateTree list", () => {
  it("lists every page with parentId 0 at the root and its position among siblings", () => {
    expect(toTreeItems(tree())).toEqual([
      { id: 1, parentId: 0, pageIndex: 0 },
      { id: 2, parentId: 0, pageIndex: 1 },
      { id: 21, parentId: 2, pageIndex: 0 },
      { id: 22, parentId: 2, pageIndex: 1 },
      { id: 3, parentId: 0, pageIndex: 2 },
    ]);
  });

  it("moves up and down among siblings, children travelling along", () => {
    expect(toTreeItems(applyMove(tree(), 2, "up")!).map((i) => i.id)).toEqual([2, 21, 22, 1, 3]);
    expect(toTreeItems(applyMove(tree(), 21, "down")!)).toContainEqual({ id: 21, parentId: 2, pageIndex: 1 });
    expect(applyMove(tree(), 1, "up")).toBeNull();
    expect(applyMove(tree(), 3, "down")).toBeNull();
  });

  it("indents into the previous sibling (as its last child) and outdents to just after the parent", () => {
    const indented = toTreeItems(applyMove(tree(), 3, "indent")!);
    expect(indented).toContainEqual({ id: 3, parentId: 2, pageIndex: 2 });
    expect(applyMove(tree(), 1, "indent")).toBeNull();
    const outdented = toTreeItems(applyMove(tree(), 21, "outdent")!);
    expect(outdented).toEqual([
      { id: 1, parentId: 0, pageIndex: 0 },
      { id: 2, parentId: 0, pageIndex: 1 },
      { id: 22, parentId: 2, pageIndex: 0 },
      { id: 21, parentId: 0, pageIndex: 2 },
      { id: 3, parentId: 0, pageIndex: 3 },
    ]);
    expect(applyMove(tree(), 2, "outdent")).toBeNull();
  });

  it("says which moves are possible and never changes the tree it was given", () => {
    const original = tree();
    const snapshot = JSON.stringify(original);
    applyMove(original, 22, "outdent");
    expect(JSON.stringify(original)).toBe(snapshot);
    expect(canMove(original, 21, "up")).toBe(false);
    expect(canMove(original, 21, "outdent")).toBe(true);
    expect(canMove(original, 999, "down")).toBe(false);
  });

  it("drops before, after or inside another page, but never into its own subtree", () => {
    expect(toTreeItems(applyDrop(tree(), 3, 1, "before")!).map((i) => i.id)).toEqual([3, 1, 2, 21, 22]);
    expect(toTreeItems(applyDrop(tree(), 1, 22, "inside")!)).toContainEqual({ id: 1, parentId: 22, pageIndex: 0 });
    expect(applyDrop(tree(), 2, 21, "inside")).toBeNull();
    expect(applyDrop(tree(), 1, 2, "before")).toBeNull();
  });
});

describe("[PAGES] the banner caption names the attribution and the licence", () => {
  const t = (key: string, values?: Record<string, unknown>) => {
    const path = key.replace(/^page:/, "").split(".");
    let text = path.reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], enPage) as string;
    for (const [k, v] of Object.entries(values ?? {})) text = text.replace(`{{${k}}}`, String(v));
    return text;
  };

  it("reads '{caption} by {attribution} · {licence name}', one licence label without nested brackets (issue 28 item 9 f)", () => {
    expect(slideCaption(t, { caption: "Banni grassland at dusk", attribution: "Portal team", licenseId: 823 })).toBe(
      "Banni grassland at dusk by Portal team · CC BY-SA (Attribution-ShareAlike)",
    );
    expect(slideCaption(t, { caption: "A grove", attribution: "Asha", licenseId: 822 })).toBe("A grove by Asha · CC BY (Attribution)");
    expect(slideCaption(t, { caption: "A grove", attribution: "Asha", licenseId: 828 })).toBe("A grove by Asha");
    expect(slideCaption(t, { caption: "A grove", attribution: "Asha", licenseId: null })).toBe("A grove by Asha");
    expect(slideCaption(t, { caption: "Only a caption", attribution: " ", licenseId: 822 })).toBe("Only a caption");
    expect(slideCaption(t, { caption: null, attribution: null, licenseId: null })).toBeNull();
  });

  it("has a translated name for every licence id 821–828", () => {
    expect(LICENSE_IDS).toHaveLength(8);
    for (const id of LICENSE_IDS) expect(t(licenseNameKey(id)!)).toBeTruthy();
    expect(licenseNameKey(12345)).toBeNull();
  });
});
