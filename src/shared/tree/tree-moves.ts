/**
 * Moves in a tree of nodes with `children`, as the page tree's reorder mode and the template's field
 * tree make them (keyboard moves and drops). Pure: every function answers a new tree and leaves the
 * one it was given alone; children always travel with their node. Each tree names its ids (`idOf`).
 */

/** The keyboard moves: swap with the previous/next sibling, become the last child of the previous sibling, or the next sibling of the parent. */
export type TreeMove = "up" | "down" | "indent" | "outdent";

/** Where a dragged node lands relative to the row it is dropped on. */
export type DropPosition = "before" | "after" | "inside";

export interface TreeNode<T> {
  children: T[];
}

export interface TreeLocation<T> {
  /** The sibling list holding the node. */
  siblings: T[];
  index: number;
  /** The parent node, null at the root. */
  parent: T | null;
  /** 1 at the root. */
  depth: number;
}

export function locateNode<T extends TreeNode<T>, K>(nodes: readonly T[], idOf: (node: T) => K, id: K, parent: T | null = null, depth = 1): TreeLocation<T> | null {
  for (const [index, node] of nodes.entries()) {
    if (idOf(node) === id) return { siblings: nodes as T[], index, parent, depth };
    const inner = locateNode(node.children, idOf, id, node, depth + 1);
    if (inner) return inner;
  }
  return null;
}

/** A deep copy of the tree's structure (each node shallow-copied). */
export function cloneTree<T extends TreeNode<T>>(nodes: readonly T[]): T[] {
  return nodes.map((n) => ({ ...n, children: cloneTree(n.children) }));
}

/** Levels a node takes with its children: 1 for a leaf. */
export function subtreeHeight<T extends TreeNode<T>>(node: T): number {
  return 1 + Math.max(0, ...node.children.map((c) => subtreeHeight(c)));
}

/** Whether `id` is the node itself or one of its descendants. */
export function containsNode<T extends TreeNode<T>, K>(node: T, idOf: (node: T) => K, id: K): boolean {
  return idOf(node) === id || node.children.some((c) => containsNode(c, idOf, id));
}

/** Whether `move` is possible for node `id`, keeping the tree within `maxDepth` levels. */
export function canMoveNode<T extends TreeNode<T>, K>(tree: readonly T[], idOf: (node: T) => K, id: K, move: TreeMove, maxDepth = Infinity): boolean {
  const at = locateNode(tree, idOf, id);
  if (!at) return false;
  switch (move) {
    case "up":
      return at.index > 0;
    case "down":
      return at.index < at.siblings.length - 1;
    case "indent":
      return at.index > 0 && at.depth + subtreeHeight(at.siblings[at.index]!) <= maxDepth;
    case "outdent":
      return at.parent !== null;
  }
}

/** The tree after one keyboard move of node `id`, or null when the move is not possible. */
export function moveNode<T extends TreeNode<T>, K>(tree: readonly T[], idOf: (node: T) => K, id: K, move: TreeMove, maxDepth = Infinity): T[] | null {
  if (!canMoveNode(tree, idOf, id, move, maxDepth)) return null;
  const copy = cloneTree(tree);
  const at = locateNode(copy, idOf, id)!;
  const [node] = at.siblings.splice(at.index, 1) as [T];
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
      const parentAt = locateNode(copy, idOf, idOf(at.parent!))!;
      parentAt.siblings.splice(parentAt.index + 1, 0, node);
      break;
    }
  }
  return copy;
}

/**
 * The tree after dropping node `id` before, after or inside (as the last child of) `targetId`, or
 * null when it would land inside itself or deeper than `maxDepth`. (Whether anything changed is the
 * caller's to tell: the trees name their shapes differently.)
 */
export function dropNode<T extends TreeNode<T>, K>(tree: readonly T[], idOf: (node: T) => K, id: K, targetId: K, position: DropPosition, maxDepth = Infinity): T[] | null {
  if (id === targetId) return null;
  const source = locateNode(tree, idOf, id);
  if (!source || containsNode(source.siblings[source.index]!, idOf, targetId)) return null;
  const copy = cloneTree(tree);
  const from = locateNode(copy, idOf, id)!;
  const [node] = from.siblings.splice(from.index, 1) as [T];
  const target = locateNode(copy, idOf, targetId);
  if (!target) return null;
  const landingDepth = position === "inside" ? target.depth + 1 : target.depth;
  if (landingDepth - 1 + subtreeHeight(node) > maxDepth) return null;
  if (position === "inside") target.siblings[target.index]!.children.push(node);
  else target.siblings.splice(position === "before" ? target.index : target.index + 1, 0, node);
  return copy;
}

/** The node with id `id`, or undefined. */
export function findNodeById<T extends TreeNode<T>, K>(tree: readonly T[], idOf: (node: T) => K, id: K): T | undefined {
  const at = locateNode(tree, idOf, id);
  return at ? at.siblings[at.index] : undefined;
}
