import { flattenFields, MAX_FIELD_DEPTH, type CCAField, type TemplateValueCounts } from "@/contracts/template";
import { canMoveNode, cloneTree, dropNode, findNodeById, locateNode, moveNode, type DropPosition, type TreeMove } from "@/shared/tree/tree-moves";

/* The template's field tree as the editor changes it: keyboard moves, drops, add/replace/remove, and
   what a save would take away from records. Pure: every function answers a new tree. */

export type FieldMove = TreeMove;
export type { DropPosition };

const idOf = (field: CCAField) => field.fieldId;

export function findField(tree: readonly CCAField[], id: string): CCAField | undefined {
  return findNodeById(tree, idOf, id);
}

/** Depth of a field (1 at the root), or 0 when absent. */
export function fieldDepth(tree: readonly CCAField[], id: string): number {
  return locateNode(tree, idOf, id)?.depth ?? 0;
}

/** Whether `move` is possible for field `id`: indent keeps the tree within MAX_FIELD_DEPTH levels. */
export function canMoveField(tree: readonly CCAField[], id: string, move: FieldMove): boolean {
  return canMoveNode(tree, idOf, id, move, MAX_FIELD_DEPTH);
}

/** The tree after one keyboard move (see TreeMove), or null when not possible. Children travel with their field. */
export function moveField(tree: readonly CCAField[], id: string, move: FieldMove): CCAField[] | null {
  return moveNode(tree, idOf, id, move, MAX_FIELD_DEPTH);
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
  const dropped = dropNode(tree, idOf, id, targetId, position, MAX_FIELD_DEPTH);
  return dropped && shapeOf(dropped).join() !== shapeOf(tree).join() ? dropped : null;
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
