import dynamic from "next/dynamic";
import { useCallback, useState, type ReactNode } from "react";
import type { LiveQueriesProps, LiveReport } from "./live-queries";

/** One query of a screen, in react-query's terms (see `useDeferredQueries`). */
export interface DeferredQuery<T> {
  queryKey: readonly unknown[];
  queryFn: () => Promise<T>;
  /** What the server rendered for this key (from the page's props: the same object from render to render); answered without loading react-query. */
  initialData?: T;
  /** false: not asked (yet); the result has no data. */
  enabled?: boolean;
  staleTime?: number;
  /** Keeps the previous key's data on show while the next one loads (react-query's `keepPreviousData`). */
  keepPrevious?: boolean;
}

export interface DeferredResult<T> {
  data: T | undefined;
  isFetching: boolean;
  isError: boolean;
  refetch: () => void;
}

// react-query and the observers load only once a question is asked that the server did not answer.
const LiveQueries = dynamic<LiveQueriesProps>(() => import("./live-queries"), { ssr: false });

const keyOf = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);

/**
 * react-query's `useQuery` for several queries of a screen, without react-query in the screen's
 * first-load JavaScript: as long as every enabled query is answered by its server-rendered
 * `initialData` (the first page of a shared link), that is the result. The first question the server
 * did not answer (another page, a filter, the map, a failed server call) loads react-query, and from
 * then on the queries run there, in the tab's one query cache, as `useQuery` would; meanwhile the
 * results say they are fetching (with the previous data where `keepPrevious`). `live` must be rendered
 * (it draws nothing).
 */
export function useDeferredQueries<T extends Record<string, unknown>>(specs: { [K in keyof T]: DeferredQuery<T[K]> }): {
  results: { [K in keyof T]: DeferredResult<T[K]> };
  live: ReactNode;
} {
  const names = Object.keys(specs) as (keyof T & string)[];
  const needsLive = names.some((name) => specs[name].enabled !== false && specs[name].initialData === undefined);
  const [started, setStarted] = useState(false);
  // The server's answers are as old as the page, as if react-query had held them from the start.
  const [loadedAt] = useState(() => Date.now());
  const [reports, setReports] = useState<Partial<Record<string, LiveReport>>>({});
  // What the server answered, shown on until the live queries answer (for `keepPrevious` queries).
  const staticData = (name: keyof T & string) => (specs[name].enabled !== false ? specs[name].initialData : undefined);
  const [held, setHeld] = useState<Partial<Record<string, unknown>>>(() => Object.fromEntries(names.map((name) => [name, staticData(name)])));
  const live = started || needsLive;
  if (!live && names.some((name) => held[name] !== staticData(name))) setHeld(Object.fromEntries(names.map((name) => [name, staticData(name)])));
  if (needsLive && !started) setStarted(true);

  const onReport = useCallback((name: string, report: LiveReport) => setReports((previous) => ({ ...previous, [name]: report })), []);
  const start = useCallback(() => setStarted(true), []);

  const results = {} as { [K in keyof T]: DeferredResult<T[K]> };
  for (const name of names) {
    const spec = specs[name];
    const enabled = spec.enabled !== false;
    const report = reports[name];
    let result: DeferredResult<unknown>;
    if (!live) {
      result = { data: staticData(name), isFetching: false, isError: false, refetch: start };
    } else if (report && report.key === keyOf(spec.queryKey)) {
      result = { data: report.data, isFetching: report.isFetching, isError: report.isError, refetch: report.refetch };
    } else {
      // react-query is loading, or has not yet seen this key.
      const previous = report ? report.data : held[name];
      const data = enabled ? (spec.initialData ?? (spec.keepPrevious ? previous : undefined)) : undefined;
      result = { data, isFetching: enabled && spec.initialData === undefined, isError: false, refetch: report?.refetch ?? start };
    }
    results[name] = result as DeferredResult<T[typeof name]>;
  }

  return { results, live: live ? <LiveQueries specs={specs as Record<string, DeferredQuery<unknown>>} initialDataUpdatedAt={loadedAt} onReport={onReport} /> : null };
}
