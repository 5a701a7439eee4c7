import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import type { DeferredQuery } from "./deferred-queries";
import { QueryProvider } from "./query-client";

/** The state of one query as `useDeferredQueries` shows it, for the key it was asked with. */
export interface LiveReport {
  key: string;
  data: unknown;
  isFetching: boolean;
  isError: boolean;
  refetch: () => void;
}

export interface LiveQueriesProps {
  specs: Record<string, DeferredQuery<unknown>>;
  /** When the server's answers (`initialData`) were fetched: stale after `staleTime` as with `useQuery`. */
  initialDataUpdatedAt: number;
  onReport: (name: string, report: LiveReport) => void;
}

function LiveQuery({ name, spec, initialDataUpdatedAt, onReport }: { name: string; spec: DeferredQuery<unknown> } & Omit<LiveQueriesProps, "specs">) {
  const query = useQuery({
    queryKey: spec.queryKey,
    queryFn: spec.queryFn,
    initialData: spec.initialData,
    initialDataUpdatedAt,
    enabled: spec.enabled ?? true,
    staleTime: spec.staleTime,
    placeholderData: spec.keepPrevious ? keepPreviousData : undefined,
  });
  const latest = useRef(query);
  useEffect(() => {
    latest.current = query;
  });
  const refetch = useCallback(() => void latest.current.refetch(), []);
  const key = JSON.stringify(spec.queryKey);
  const { data, isFetching, isError } = query;
  useEffect(() => {
    onReport(name, { key, data, isFetching, isError, refetch });
  }, [name, key, data, isFetching, isError, refetch, onReport]);
  return null;
}

/** The queries of `useDeferredQueries`, run by react-query in the tab's query cache; draws nothing. */
export default function LiveQueries({ specs, initialDataUpdatedAt, onReport }: LiveQueriesProps) {
  return (
    <QueryProvider>
      {Object.entries(specs).map(([name, spec]) => (
        <LiveQuery key={name} name={name} spec={spec} initialDataUpdatedAt={initialDataUpdatedAt} onReport={onReport} />
      ))}
    </QueryProvider>
  );
}
