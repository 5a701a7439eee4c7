import type { PageTreeNode } from "@/contracts/page";
import { isHttpAddress } from "@/contracts/redirect-target";

/** A Redirect page to another site: its menu links say they leave the portal. */
export function leavesSite(page: PageTreeNode): boolean {
  return page.pageType === "Redirect" && typeof page.url === "string" && isHttpAddress(page.url);
}

export interface FlatPage {
  page: PageTreeNode;
  /** 0 for the pages passed in, 1 for their children, … */
  depth: number;
}

/** Pages for menus: those with showInMenu, at every level (a hidden parent hides its subtree). */
export function menuPages(pages: readonly PageTreeNode[]): PageTreeNode[] {
  return pages
    .filter((p) => p.showInMenu)
    .map((p) => ({ ...p, children: menuPages(p.children) }));
}

/** Depth-first list of a tree, parents before their children. */
export function flattenPages(pages: readonly PageTreeNode[], depth = 0): FlatPage[] {
  return pages.flatMap((page) => [{ page, depth }, ...flattenPages(page.children, depth + 1)]);
}

/** Depth-first search for a page anywhere in the tree. */
export function findPage(pages: readonly PageTreeNode[], id: number): PageTreeNode | undefined {
  for (const page of pages) {
    if (page.id === id) return page;
    const found = findPage(page.children, id);
    if (found) return found;
  }
  return undefined;
}
