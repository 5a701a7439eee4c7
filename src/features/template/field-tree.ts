import { flattenFields, MAX_FIELD_DEPTH, type CCAField, type TemplateValueCounts } from "@/contracts/template";

/* The template's field tree as the editor changes it: keyboard moves, drops, add/replace/remove, and
   what a save would take away from records. Pure: every function answers a new tree. */

export type FieldMove = "up" | "down" | "indent" | "outdent";
export type DropPosition = "before" | "after" | "inside";

interface Location {
  siblings: CCAField[];
  index: number;
  parent: CCAField | null;
  /** 1 at the root. */
  depth: number;
}

function locate(nodes: CCAField[], id: string, parent: CCAField | null = null, depth = 1): Location | null {
  for (const [index, node] of nodes.entries()) {
    if (node.fieldId === id) return { siblings: nodes, index, parent, depth };
    const inner = locate(node.children, id, node, depth + 1);
    if (inner) return inner;
  }
  return null;
}

function cloneTree(nodes: readonly CCAField[]): CCAField[] {
  return nodes.map((n) => ({ ...n, children: cloneTree(n.children) }));
}

/** Levels a field takes with its children: 1 for a leaf. */
export function subtreeHeight(field: CCAField): number {
  return 1 + Math.max(0, ...field.children.map(subtreeHeight));
}

export function findField(tree: readonly CCAField[], id: string): CCAField | undefined {
  const at = locate(tree as CCAField[], id);
  return at ? at.siblings[at.index] : undefined;
}

/** Depth of a field (1 at the root), or 0 when absent. */
export function fieldDepth(tree: readonly CCAField[], id: string): number {
  return locate(tree as CCAField[], id)?.depth ?? 0;
}

/** Whether `move` is possible for field `id`: indent keeps the tree within MAX_FIELD_DEPTH levels. */
export function canMoveField(tree: readonly CCAField[], id: string, move: FieldMove): boolean {
  const at = locate(tree as CCAField[], id);
  if (!at) return false;
  switch (move) {
    case "up":
      return at.index > 0;
    case "down":
      return at.index < at.siblings.length - 1;
    case "indent":
      return at.index > 0 && at.depth + subtreeHeight(at.siblings[at.index]!) <= MAX_FIELD_DEPTH;
    case "outdent":
      return at.parent !== null;
  }
}

/**
 * The tree after one keyboard move, or null when not possible: up/down swap with the previous/next
 * sibling; indent makes the field the last child of its previous sibling; outdent makes it the next
 * sibling of its parent. Children travel with their field.
 */
export function moveField(tree: readonly CCAField[], id: string, move: FieldMove): CCAField[] | null {
  if (!canMoveField(tree, id, move)) return null;
  const copy = cloneTree(tree);
  const at = locate(copy, id)!;
  const [node] = at.siblings.splice(at.index, 1) as [CCAField];
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
      const parentAt = locate(copy, at.parent!.fieldId)!;
      parentAt.siblings.splice(parentAt.index + 1, 0, node);
      break;
    }
  }
  return copy;
}

function containsId(node: CCAField, id: string): boolean {
  return node.fieldId === id || node.children.some((c) => containsId(c, id));
}

/** The order of ids and parents, to tell whether a drop changed anything. */
function shapeOf(tree: readonly CCAField[], parent = ""): string[] {
  return tree.flatMap((n) => [`${parent}>${n.fieldId}`, ...shapeOf(n.children, n.fieldId)]);
}

/**
 * The tree after dropping field `id` before, after or inside (last child of) `targetId`; null when
 * nothing changes, the field would land inside itself or deeper than MAX_FIELD_DEPTH.
 */
export function dropField(tree: readonly CCAField[], id: string, targetId: string, position: DropPosition): CCAField[] | null {
  if (id === targetId) return null;
  const source = locate(tree as CCAField[], id);
  if (!source) return null;
  const moving = source.siblings[source.index]!;
  if (containsId(moving, targetId)) return null;
  const copy = cloneTree(tree);
  const from = locate(copy, id)!;
  const [node] = from.siblings.splice(from.index, 1) as [CCAField];
  const target = locate(copy, targetId);
  if (!target) return null;
  const landingDepth = position === "inside" ? target.depth + 1 : target.depth;
  if (landingDepth - 1 + subtreeHeight(node) > MAX_FIELD_DEPTH) return null;
  if (position === "inside") target.siblings[target.index]!.children.push(node);
  else target.siblings.splice(position === "before" ? target.index : target.index + 1, 0, node);
  return shapeOf(copy).join() === shapeOf(tree).join() ? null : copy;
}

/** The tree with `field` appended at the root. */
export function appendField(tree: readonly CCAField[], field: CCAField): CCAField[] {
  return [...cloneTree(tree), field];
}

/** The tree with the field of the same id replaced (its children kept). */
export function replaceField(tree: readonly CCAField[], field: CCAField): CCAField[] {
  return tree.map((n) => (n.fieldId === field.fieldId ? { ...field, children: n.children } : { ...n, children: replaceField(n.children, field) }));
}

/** The tree without field `id` and its children. */
export function removeField(tree: readonly CCAField[], id: string): CCAField[] {
  return tree.filter((n) => n.fieldId !== id).map((n) => ({ ...n, children: removeField(n.children, id) }));
}

/** Ids already used in the tree (a master field copied twice would repeat its id). */
export function hasFieldId(tree: readonly CCAField[], id: string): boolean {
  return findField(tree, id) !== undefined;
}

/** A master field copied into a template: same id and settings, marked as a master copy, without its children. */
export function copyMasterField(field: CCAField): CCAField {
  return { ...field, isMasterField: true, valueOptions: field.valueOptions.map((o) => ({ ...o })), children: [] };
}

// ── What a save takes away ────────────────────────────────────────────────────────────────────────

export interface TemplateChanges {
  /** Fields of the saved template no longer in the tree (children of a removed field included). */
  removedFields: string[];
  /** Options no longer offered by a field that stays. */
  removedOptions: { fieldId: string; value: string }[];
  /** Fields whose type changed. */
  retypedFields: string[];
}

/** What the edited tree removes or retypes compared with the saved one. */
export function destructiveChanges(saved: readonly CCAField[], edited: readonly CCAField[]): TemplateChanges {
  const now = new Map(flattenFields(edited).map((f) => [f.fieldId, f]));
  const changes: TemplateChanges = { removedFields: [], removedOptions: [], retypedFields: [] };
  for (const before of flattenFields(saved)) {
    const after = now.get(before.fieldId);
    if (!after) {
      changes.removedFields.push(before.fieldId);
      continue;
    }
    if (after.type !== before.type) {
      changes.retypedFields.push(before.fieldId);
      continue;
    }
    const values = new Set(after.valueOptions.map((o) => o.value));
    for (const option of before.valueOptions) if (!values.has(option.value)) changes.removedOptions.push({ fieldId: before.fieldId, value: option.value });
  }
  return changes;
}

export const hasDestructiveChanges = (c: TemplateChanges): boolean => c.removedFields.length + c.removedOptions.length + c.retypedFields.length > 0;

export interface ImpactItem {
  kind: "field_removed" | "option_removed" | "type_changed";
  fieldId: string;
  /** The option's value, for option_removed. */
  value?: string;
  /** Records holding a value for it. */
  records: number;
}

/** The changes that touch stored values, with how many records hold them (items without records left out). */
export function impactOf(changes: TemplateChanges, counts: TemplateValueCounts): ImpactItem[] {
  const items: ImpactItem[] = [
    ...changes.removedFields.map((fieldId) => ({ kind: "field_removed" as const, fieldId, records: counts.fields[fieldId] ?? 0 })),
    ...changes.retypedFields.map((fieldId) => ({ kind: "type_changed" as const, fieldId, records: counts.fields[fieldId] ?? 0 })),
    ...changes.removedOptions.map(({ fieldId, value }) => ({ kind: "option_removed" as const, fieldId, value, records: counts.options[fieldId]?.[value] ?? 0 })),
  ];
  return items.filter((item) => item.records > 0);
}
