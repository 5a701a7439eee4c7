import type { PageTreeItem, PageTreeNode } from "@/contracts/page";
import { dropNode, findNodeById, moveNode, canMoveNode, type DropPosition, type TreeMove } from "@/shared/tree/tree-moves";

export type { DropPosition, TreeMove };

const idOf = (node: PageTreeNode) => node.id;

/** parentId and pageIndex of every node rewritten from its place in the tree. */
export function normalizeTree(nodes: readonly PageTreeNode[], parentId = 0): PageTreeNode[] {
  return nodes.map((n, pageIndex) => ({ ...n, parentId, pageIndex, children: normalizeTree(n.children, n.id) }));
}

/** Whether `move` changes anything for page `id` (the button is then offered as available). */
export function canMove(tree: readonly PageTreeNode[], id: number, move: TreeMove): boolean {
  return canMoveNode(tree, idOf, id, move);
}

/** The tree after one keyboard move of page `id` (see TreeMove), or null when the move is not possible. */
export function applyMove(tree: readonly PageTreeNode[], id: number, move: TreeMove): PageTreeNode[] | null {
  const moved = moveNode(tree, idOf, id, move);
  return moved && normalizeTree(moved);
}

/**
 * The tree after dropping page `id` before, after or inside (as the last child of) page `targetId`,
 * or null when that changes nothing or would put a page inside itself.
 */
export function applyDrop(tree: readonly PageTreeNode[], id: number, targetId: number, position: DropPosition): PageTreeNode[] | null {
  const dropped = dropNode(tree, idOf, id, targetId, position);
  if (!dropped) return null;
  const next = normalizeTree(dropped);
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
  return findNodeById(tree, idOf, id);
}
