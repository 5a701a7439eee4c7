/** Facets of the browse screen: the filter panel's options with their counts, grouped "Parent → Child". */
import type { DataAggregation, FacetRow } from "@/contracts/cca-data";
import { groupOptions, isOptionType, parseOptionValue, type CCAField } from "@/contracts/template";
import { numberFormat } from "@/shared/format/intl";

export interface FacetOption {
  /** What the URL and the platform filter by. */
  value: string;
  label: string;
  count: number;
  isOthers: boolean;
}

export interface FacetGroup {
  /** Parent of "Parent|Child" options; null for one top-level option. */
  parent: string | null;
  options: FacetOption[];
}

/** "Others (please specify)" reads "Others" in a filter: the parenthesised prompt is for the form. */
export function othersLabel(label: string): string {
  return label.replace(/\s*[(（][^)）]*[)）]\s*/g, " ").trim() || label;
}

/** Option value → count, from a field's facet rows. */
export function facetCounts(rows: readonly FacetRow[] | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows ?? []) if (row._id !== null && typeof row.count === "number") counts.set(row._id, row.count);
  return counts;
}

/**
 * A field's options in template order with their counts (0 when no record has them), then values the
 * records hold that the template no longer offers; grouped under their parents.
 */
export function optionFacets(field: CCAField, rows: readonly FacetRow[] | undefined): FacetGroup[] {
  if (!isOptionType(field.type)) return [];
  const counts = facetCounts(rows);
  const options: FacetOption[] = field.valueOptions.map((o) => {
    const { child, isOthers } = parseOptionValue(o.value);
    return { value: o.value, label: isOthers ? othersLabel(o.label || child) : o.label || child, count: counts.get(o.value) ?? 0, isOthers };
  });
  for (const [value, count] of counts) {
    if (options.some((o) => o.value === value)) continue;
    const { child, isOthers } = parseOptionValue(value);
    options.push({ value, label: child || value, count, isOthers });
  }
  return groupOptions(options).map((g) => ({ parent: g.parent, options: g.options }));
}

export type TriState = "checked" | "unchecked" | "indeterminate";

/** A parent checkbox: checked when all its children are, indeterminate when some are. */
export function groupState(group: FacetGroup, selected: readonly string[]): TriState {
  const chosen = group.options.filter((o) => selected.includes(o.value)).length;
  if (chosen === 0) return "unchecked";
  return chosen === group.options.length ? "checked" : "indeterminate";
}

/** The selection after toggling a parent: all its children on, or (when all were on) off. */
export function toggleGroup(group: FacetGroup, selected: readonly string[]): string[] {
  const values = group.options.map((o) => o.value);
  if (groupState(group, selected) === "checked") return selected.filter((v) => !values.includes(v));
  return [...selected, ...values.filter((v) => !selected.includes(v))];
}

export function toggleValue(selected: readonly string[], value: string): string[] {
  return selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
}

const asNumber = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : null);

/**
 * Bounds of a number slider: the template's `minMax`, else the records' own min and max (0 is a
 * bound like any other). Null when neither knows a range (no records with a value).
 */
export function rangeBounds(field: CCAField, rows: readonly FacetRow[] | undefined): { min: number; max: number } | null {
  const [tMin, tMax] = field.minMax.length === 2 ? field.minMax : [null, null];
  const row = rows?.find((r) => r._id === null) ?? rows?.[0];
  const min = asNumber(tMin) ?? asNumber(row?.min);
  const max = asNumber(tMax) ?? asNumber(row?.max);
  if (min === null || max === null || min > max) return null;
  return { min, max };
}

/** The group facet: group id → count. */
export function groupCounts(aggregation: DataAggregation | null): Map<string, number> {
  return facetCounts(aggregation?.usergroups);
}

/** Counts as the visitor's language writes numbers (Indian digit grouping). */
export function formatCount(count: number, lang: string): string {
  return numberFormat(lang).format(count);
}
