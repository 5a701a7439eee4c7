import type { PageTreeItem, PageTreeNode } from "@/contracts/page";

/** The keyboard moves of the sidebar reorder mode. */
export type TreeMove = "up" | "down" | "indent" | "outdent";

/** Where a dragged page lands relative to the row it is dropped on. */
export type DropPosition = "before" | "after" | "inside";

interface Location {
  /** The sibling list holding the page. */
  siblings: PageTreeNode[];
  index: number;
  /** The parent node, null at the root. */
  parent: PageTreeNode | null;
}

function locate(nodes: PageTreeNode[], id: number, parent: PageTreeNode | null = null): Location | null {
  for (const [index, node] of nodes.entries()) {
    if (node.id === id) return { siblings: nodes, index, parent };
    const inner = locate(node.children, id, node);
    if (inner) return inner;
  }
  return null;
}

/** A deep copy, so the moves never touch the tree they were given. */
function cloneTree(nodes: readonly PageTreeNode[]): PageTreeNode[] {
  return nodes.map((n) => ({ ...n, children: cloneTree(n.children) }));
}

/** parentId and pageIndex of every node rewritten from its place in the tree. */
export function normalizeTree(nodes: readonly PageTreeNode[], parentId = 0): PageTreeNode[] {
  return nodes.map((n, pageIndex) => ({ ...n, parentId, pageIndex, children: normalizeTree(n.children, n.id) }));
}

function containsId(node: PageTreeNode, id: number): boolean {
  return node.id === id || node.children.some((c) => containsId(c, id));
}

/** Whether `move` changes anything for page `id` (the button is then offered as available). */
export function canMove(tree: readonly PageTreeNode[], id: number, move: TreeMove): boolean {
  const at = locate(tree as PageTreeNode[], id);
  if (!at) return false;
  switch (move) {
    case "up":
    case "indent":
      return at.index > 0;
    case "down":
      return at.index < at.siblings.length - 1;
    case "outdent":
      return at.parent !== null;
  }
}

/**
 * The tree after one keyboard move of page `id`, or null when the move is not possible:
 * up/down swap it with the previous/next sibling; indent makes it the last child of its previous
 * sibling; outdent makes it the next sibling of its parent. Children always travel with their page.
 */
export function applyMove(tree: readonly PageTreeNode[], id: number, move: TreeMove): PageTreeNode[] | null {
  if (!canMove(tree, id, move)) return null;
  const copy = cloneTree(tree);
  const at = locate(copy, id)!;
  const [node] = at.siblings.splice(at.index, 1) as [PageTreeNode];
  switch (move) {
    case "up":
      at.siblings.splice(at.index - 1, 0, node);
      break;
    case "down":
      at.siblings.splice(at.index + 1, 0, node);
      break;
    case "indent":
      at.siblings[at.index - 1]!.children.push(node);
      break;
    case "outdent": {
      const parentAt = locate(copy, at.parent!.id)!;
      parentAt.siblings.splice(parentAt.index + 1, 0, node);
      break;
    }
  }
  return normalizeTree(copy);
}

/**
 * The tree after dropping page `id` before, after or inside (as the last child of) page `targetId`,
 * or null when that changes nothing or would put a page inside itself.
 */
export function applyDrop(tree: readonly PageTreeNode[], id: number, targetId: number, position: DropPosition): PageTreeNode[] | null {
  if (id === targetId) return null;
  const source = locate(tree as PageTreeNode[], id);
  if (!source || containsId(source.siblings[source.index]!, targetId)) return null;
  const copy = cloneTree(tree);
  const from = locate(copy, id)!;
  const [node] = from.siblings.splice(from.index, 1) as [PageTreeNode];
  const target = locate(copy, targetId);
  if (!target) return null;
  if (position === "inside") target.siblings[target.index]!.children.push(node);
  else target.siblings.splice(position === "before" ? target.index : target.index + 1, 0, node);
  const next = normalizeTree(copy);
  return sameShape(next, tree) ? null : next;
}

/** The flat list updateTree takes: every page of the tree, parentId 0 at the root, pageIndex = position among siblings. */
export function toTreeItems(tree: readonly PageTreeNode[], parentId = 0): PageTreeItem[] {
  return tree.flatMap((n, pageIndex) => [{ id: n.id, parentId, pageIndex }, ...toTreeItems(n.children, n.id)]);
}

/** Same pages under the same parents in the same order. */
export function sameShape(a: readonly PageTreeNode[], b: readonly PageTreeNode[]): boolean {
  return JSON.stringify(toTreeItems(a)) === JSON.stringify(toTreeItems(b));
}

/** The page's node, or undefined. */
export function findNode(tree: readonly PageTreeNode[], id: number): PageTreeNode | undefined {
  const at = locate(tree as PageTreeNode[], id);
  return at ? at.siblings[at.index] : undefined;
}
