import type { PageTreeNode } from "@/contracts/page";

/** Ids of one level of a tree. */
export const ids = (nodes: { id: number }[]) => nodes.map((n) => n.id);

/** The node with `id` anywhere in the tree. */
export function findNode(nodes: PageTreeNode[], id: number): PageTreeNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inner = findNode(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** Ids of every node, depth first. */
export const allIds = (nodes: PageTreeNode[]): number[] => nodes.flatMap((n) => [n.id, ...allIds(n.children)]);
