import { Box, Button, Stack, Text } from "@chakra-ui/react";
import { InputBox } from "@/components/ui/chakra/input";
import dynamic from "next/dynamic";
import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { DataAggregation } from "@/contracts/cca-data";
import { formatRangeFilter, parseRangeFilter } from "@/contracts/cca-data";
import type { GroupListItem } from "@/contracts/group";
import { DATE_TYPES, isOptionType, parentLabel, type CCAField } from "@/contracts/template";
import { countActiveFilters, withFilter, type DataListState } from "./data-list-query";
import { formatCount, groupCounts, groupState, optionFacets, rangeBounds, toggleGroup, toggleValue, type FacetGroup } from "./facets";

export const RANGE_DEBOUNCE_MS = 400;

/**
 * The two-thumb slider of a number range (Chakra's slider and its state machine, 8 kB gzip) loads
 * after the page: the typed bounds beside it work from the first paint, and its place is kept.
 */
const RangeSlider = dynamic(() => import("./data-range-slider"), { ssr: false, loading: () => <Box minH="6" aria-hidden /> });

export interface DataFiltersProps {
  state: DataListState;
  fields: CCAField[];
  aggregation: DataAggregation | null;
  /** Groups offered as a filter (main site only; empty inside a group). */
  groups: GroupListItem[];
  onChange: (next: DataListState) => void;
  /** Distinguishes the ids of the desktop panel and the phone dialog's copy. */
  idPrefix: string;
}

function Checkbox({ id, checked, indeterminate = false, onChange, label, count, lang, parent = false }: {
  id: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: () => void;
  label: string;
  count?: number;
  lang: string;
  parent?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className={parent ? "cca-dl-opt cca-dl-opt--parent" : "cca-dl-opt"} htmlFor={id}>
      <input ref={ref} id={id} type="checkbox" checked={checked} aria-checked={indeterminate ? "mixed" : checked} onChange={onChange} />
      <span className="cca-dl-opt-label">{label}</span>
      {count !== undefined ? <span className="cca-dl-opt-count">{formatCount(count, lang)}</span> : null}
    </label>
  );
}

function OptionFacet({ field, groups, selected, onSelect, idPrefix }: { field: CCAField; groups: FacetGroup[]; selected: string[]; onSelect: (values: string[]) => void; idPrefix: string }) {
  const { t, lang } = useTranslation();
  const id = (value: string) => `${idPrefix}-${field.fieldId}-${value.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  return (
    <ul className="cca-dl-options">
      {groups.map((group) =>
        group.parent === null ? (
          group.options.map((o) => (
            <li key={o.value}>
              <Checkbox id={id(o.value)} checked={selected.includes(o.value)} onChange={() => onSelect(toggleValue(selected, o.value))} label={o.label} count={o.count} lang={lang} />
            </li>
          ))
        ) : (
          <li key={`group:${group.parent}`}>
            <Checkbox
              id={id(`group:${group.parent}`)}
              parent
              checked={groupState(group, selected) === "checked"}
              indeterminate={groupState(group, selected) === "indeterminate"}
              onChange={() => onSelect(toggleGroup(group, selected))}
              label={t("data:list.select_all", { parent: parentLabel(field, group.parent) })}
              lang={lang}
            />
            <ul>
              {group.options.map((o) => (
                <li key={o.value}>
                  <Checkbox id={id(o.value)} checked={selected.includes(o.value)} onChange={() => onSelect(toggleValue(selected, o.value))} label={o.label} count={o.count} lang={lang} />
                </li>
              ))}
            </ul>
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * A number range: a two-thumb slider and two number inputs; the full range means no filter. The slider
 * (`slider`) is drawn once its facet has been open: a closed facet shows nothing of it, so a page load does
 * not fetch and run it for every range field.
 */
export function RangeFacet({ field, bounds, current, onSelect, slider = true }: { field: CCAField; bounds: { min: number; max: number }; current: string | undefined; onSelect: (values: string[]) => void; slider?: boolean }) {
  const { t } = useTranslation();
  const parsed = current ? parseRangeFilter(current, "number") : null;
  const fromUrl: [number, number] = [typeof parsed?.min === "number" ? parsed.min : bounds.min, typeof parsed?.max === "number" ? parsed.max : bounds.max];
  const [value, setValue] = useState<[number, number]>(fromUrl);
  const [text, setText] = useState<[string, string]>([String(fromUrl[0]), String(fromUrl[1])]);
  const commitRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const commit = (next: [number, number]) => {
    if (commitRef.current) clearTimeout(commitRef.current);
    commitRef.current = setTimeout(() => {
      const lo = Math.max(bounds.min, Math.min(next[0], next[1]));
      const hi = Math.min(bounds.max, Math.max(next[0], next[1]));
      const full = lo <= bounds.min && hi >= bounds.max;
      const filter = full ? null : formatRangeFilter(lo > bounds.min ? lo : null, hi < bounds.max ? hi : null);
      onSelect(filter ? [filter] : []);
    }, RANGE_DEBOUNCE_MS);
  };
  useEffect(() => () => {
    if (commitRef.current) clearTimeout(commitRef.current);
  }, []);
  const span = bounds.max - bounds.min;
  const step = field.type === "YEAR" || Number.isInteger(bounds.min) && Number.isInteger(bounds.max) && span >= 20 ? 1 : span / 100 || 1;
  const inputId = useId();
  const onText = (index: 0 | 1, raw: string) => {
    const nextText: [string, string] = index === 0 ? [raw, text[1]] : [text[0], raw];
    setText(nextText);
    const n = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(n)) return;
    const next: [number, number] = index === 0 ? [n, value[1]] : [value[0], n];
    setValue(next);
    commit(next);
  };
  return (
    <Stack gap={3} pt={2} px={1}>
      {slider ? (
        <RangeSlider
          bounds={bounds}
          step={step}
          value={value}
          labels={[t("data:list.range_min", { name: field.name }), t("data:list.range_max", { name: field.name })]}
          onChange={(next) => {
            setValue(next);
            setText([String(next[0]), String(next[1])]);
            commit(next);
          }}
        />
      ) : (
        <Box minH="6" aria-hidden />
      )}
      <Stack direction="row" gap={2}>
        {([0, 1] as const).map((index) => (
          <Box key={index} flex="1">
            <label htmlFor={`${inputId}-${index}`}>
              <Text as="span" fontSize="xs" color="gray.700">
                {t(index === 0 ? "data:list.range_from" : "data:list.range_to", { name: field.name })}
              </Text>
            </label>
            <InputBox id={`${inputId}-${index}`} size="sm" type="number" inputMode="decimal" min={bounds.min} max={bounds.max} step={step} value={text[index]} onChange={(e) => onText(index, e.target.value)} bg="white" />
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

/** A date range: two date inputs; either may stay empty. */
function DateFacet({ field, current, onSelect }: { field: CCAField; current: string | undefined; onSelect: (values: string[]) => void }) {
  const { t } = useTranslation();
  const parsed = current ? parseRangeFilter(current, "date") : null;
  const from = typeof parsed?.min === "string" ? parsed.min : "";
  const to = typeof parsed?.max === "string" ? parsed.max : "";
  const id = useId();
  const set = (nextFrom: string, nextTo: string) => {
    const filter = formatRangeFilter(nextFrom || null, nextTo || null);
    onSelect(filter && parseRangeFilter(filter, "date") ? [filter] : []);
  };
  return (
    <Stack direction="row" gap={2} pt={2}>
      {([0, 1] as const).map((index) => (
        <Box key={index} flex="1">
          <label htmlFor={`${id}-${index}`}>
            <Text as="span" fontSize="xs" color="gray.700">
              {t(index === 0 ? "data:list.range_from" : "data:list.range_to", { name: field.name })}
            </Text>
          </label>
          <InputBox id={`${id}-${index}`} size="sm" type="date" bg="white" value={index === 0 ? from : to} onChange={(e) => (index === 0 ? set(e.target.value, to) : set(from, e.target.value))} />
        </Box>
      ))}
    </Stack>
  );
}

function FieldFacet({ field, state, aggregation, onChange, idPrefix }: { field: CCAField; state: DataListState; aggregation: DataAggregation | null; onChange: (next: DataListState) => void; idPrefix: string }) {
  const { t } = useTranslation();
  const selected = state.filters[field.fieldId] ?? [];
  const onSelect = (values: string[]) => onChange(withFilter(state, field.fieldId, values));
  const rows = aggregation?.[field.fieldId];
  const initiallyOpen = selected.length > 0 || isOptionType(field.type);
  // Whether the visitor has opened this facet (or it opened with the page): a range's slider waits for it.
  const [opened, setOpened] = useState(initiallyOpen);
  let body: ReactNode = null;
  if (isOptionType(field.type)) {
    body = <OptionFacet field={field} groups={optionFacets(field, rows)} selected={selected} onSelect={onSelect} idPrefix={idPrefix} />;
  } else if (DATE_TYPES.includes(field.type)) {
    body = <DateFacet field={field} current={selected[0]} onSelect={onSelect} />;
  } else if (field.type === "NUMBER" || field.type === "NUMBER_RANGE" || field.type === "YEAR") {
    const bounds = rangeBounds(field, rows);
    body = bounds ? (
      // Remounted when the URL's range changes (Back/Forward, "Clear filters"), so it shows the URL again.
      <RangeFacet key={selected[0] ?? ""} field={field} bounds={bounds} current={selected[0]} onSelect={onSelect} slider={opened} />
    ) : (
      <Text fontSize="sm" color="gray.600" pt={2}>
        {t("data:list.no_range")}
      </Text>
    );
  } else {
    return null;
  }
  return (
    <details className="cca-dl-facet" open={initiallyOpen ? true : undefined} onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>
        {field.name}
        {selected.length > 0 ? ` (${selected.length})` : ""}
      </summary>
      <fieldset>
        <legend className="cca-sr-only">{field.name}</legend>
        {body}
      </fieldset>
    </details>
  );
}

/** The filters panel: scope, groups (main site), one facet per filterable master field, clear. */
export function DataFilters({ state, fields, aggregation, groups, onChange, idPrefix }: DataFiltersProps) {
  const { t, lang } = useTranslation();
  const active = countActiveFilters(state);
  const counts = groupCounts(aggregation);
  const scopeName = `${idPrefix}-scope`;
  return (
    <Box>
      <fieldset className="cca-dl-facet" style={{ border: 0, margin: 0 }}>
        <legend style={{ fontWeight: 600, marginBottom: "0.25rem" }}>{t("data:list.scope_label")}</legend>
        <Stack direction="row" gap={4}>
          {([false, true] as const).map((caseStudies) => (
            <label key={String(caseStudies)} className="cca-dl-opt" htmlFor={`${scopeName}-${String(caseStudies)}`}>
              <input
                id={`${scopeName}-${String(caseStudies)}`}
                type="radio"
                name={scopeName}
                checked={state.caseStudies === caseStudies}
                onChange={() => onChange({ ...state, caseStudies, offset: 0 })}
              />
              <span>{t(caseStudies ? "data:list.case_studies" : "data:list.all_ccas")}</span>
            </label>
          ))}
        </Stack>
      </fieldset>
      {fields.map((field) => (
        <FieldFacet key={field.fieldId} field={field} state={state} aggregation={aggregation} onChange={onChange} idPrefix={idPrefix} />
      ))}
      {groups.length > 0 ? (
        <details className="cca-dl-facet" open={state.usergroups.length > 0 ? true : undefined}>
          <summary>
            {t("data:list.groups")}
            {state.usergroups.length > 0 ? ` (${state.usergroups.length})` : ""}
          </summary>
          <fieldset>
            <legend className="cca-sr-only">{t("data:list.groups")}</legend>
            <ul className="cca-dl-options">
              {groups.map((g) => {
                const value = String(g.id);
                return (
                  <li key={g.id}>
                    <Checkbox
                      id={`${idPrefix}-group-${g.id}`}
                      checked={state.usergroups.includes(value)}
                      onChange={() => onChange({ ...state, usergroups: toggleValue(state.usergroups, value), offset: 0 })}
                      label={lang === "hi" && g.nameLocal ? g.nameLocal : g.name}
                      count={counts.get(value) ?? 0}
                      lang={lang}
                    />
                  </li>
                );
              })}
            </ul>
          </fieldset>
        </details>
      ) : null}
      <Button mt={4} size="sm" variant="outline" width="full" disabled={active === 0} onClick={() => onChange({ ...state, query: "", offset: 0, caseStudies: false, usergroups: [], filters: {} })}>
        {t("data:list.clear")}
      </Button>
    </Box>
  );
}
