import type { PageTreeNode } from "@/contracts/page";
import SITE_CONFIG, { type LocaleCode } from "@site-config";
import { findPage } from "./page-tree";

const shownInFooter = (p: PageTreeNode) => p.showInFooter !== false;

/**
 * Pages listed in the footer. When the tree holds the footer parent page of the language
 * (en 29, hi 207) its children are listed; otherwise the top-level pages, each followed by its
 * direct children. Pages with showInFooter false are dropped, and so are the children of a
 * dropped top-level page.
 */
export function selectFooterPages(tree: readonly PageTreeNode[], locale: string): PageTreeNode[] {
  const parentIds = SITE_CONFIG.PAGES.FOOTER_PARENT_ID;
  const parentId = locale in parentIds ? parentIds[locale as LocaleCode] : parentIds[SITE_CONFIG.LANG.DEFAULT];
  const parent = findPage(tree, parentId);
  if (parent) return parent.children.filter(shownInFooter);
  return tree.filter(shownInFooter).flatMap((top) => [top, ...top.children.filter(shownInFooter)]);
}
