import { OPTION_SEPARATOR, OTHERS_MARK, parseOptionValue, type ValueOption } from "@/contracts/template";

/* The options list of the field dialog: add, remove, reorder, and how each value reads. Pure. */

/** A new empty option at the end. */
export function addOption(options: readonly ValueOption[], valueId: string): ValueOption[] {
  return [...options, { valueId, label: "", value: "" }];
}

export function removeOption(options: readonly ValueOption[], index: number): ValueOption[] {
  return options.filter((_, i) => i !== index);
}

/** The option at `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveOption(options: readonly ValueOption[], index: number, step: -1 | 1): ValueOption[] {
  const to = index + step;
  if (index < 0 || index >= options.length || to < 0 || to >= options.length) return [...options];
  const next = [...options];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The option at `index` with `changes`; a label left blank follows the value while typing. */
export function updateOption(options: readonly ValueOption[], index: number, changes: Partial<Pick<ValueOption, "label" | "value">>): ValueOption[] {
  return options.map((o, i) => (i === index ? { ...o, ...changes } : o));
}

export type OptionKind = "plain" | "child" | "others";

export interface OptionReading {
  kind: OptionKind;
  /** The group it sits in ("Parent|Child"), or null. */
  parent: string | null;
  /** The text after the group, without the Others mark. */
  child: string;
}

/** How a value will read on the form: a plain option, a child of a group, or the "Others" free-text one. */
export function readOption(value: string): OptionReading {
  const { parent, child, isOthers } = parseOptionValue(value);
  return { kind: isOthers ? "others" : parent !== null ? "child" : "plain", parent, child };
}

/** The value of an "Others" option for a group (or none): "Others|?" / "Forest|Others|?". */
export function othersValue(label: string, parent: string | null = null): string {
  return [parent, label, OTHERS_MARK].filter((s): s is string => s !== null && s !== "").join(OPTION_SEPARATOR);
}

/** Options with blank labels given their value, as the platform stores them. */
export function withLabels(options: readonly ValueOption[]): ValueOption[] {
  return options.map((o) => ({ ...o, label: o.label.trim() === "" ? o.value.trim() : o.label }));
}
