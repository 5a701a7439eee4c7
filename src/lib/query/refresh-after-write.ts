import type { QueryClient } from "@tanstack/react-query";
import { useRouter, type NextRouter } from "next/router";
import { createContext, useCallback, useContext } from "react";
import type { QueryKey } from "./query-keys";

/** What a screen refreshes after a write. */
export interface RefreshRequest {
  /** Query families to refetch: keys from `queryKeys` (a shorter key refreshes every key it starts). */
  queries?: readonly QueryKey[];
  /** The screen's data came from getServerSideProps: ask the server for it again (`router.replace`). */
  page?: boolean;
  /** Scroll to the top as a navigation does (a retry after an error); kept in place otherwise. */
  scrollToTop?: boolean;
}

export type Refresh = (request: RefreshRequest) => Promise<void>;

/**
 * The query cache of the part a component sits in, set by `QueryProvider` (src/lib/query/query-client.tsx).
 * Its own context rather than react-query's, so a screen that only refreshes its page does not load
 * react-query before the visitor can interact (tests/unit/first-load-imports.test.ts).
 */
export const QueryCacheContext = createContext<QueryClient | undefined>(undefined);

/**
 * The query cache to invalidate: the one the component sits in or, for a screen rendered without one
 * (a server-rendered form whose timeline loads lazily), the browser's shared cache if a part of the
 * screen has created it. Loaded on demand, so react-query stays out of such a screen's first load.
 */
async function cacheFor(inContext: QueryClient | undefined): Promise<QueryClient | undefined> {
  if (inContext) return inContext;
  const { existingBrowserQueryClient } = await import("./query-client");
  return existingBrowserQueryClient();
}

/** Runs a refresh with the given cache and router (the hook's body; exported for tests). */
export async function refreshAfterWrite(request: RefreshRequest, queryClient: QueryClient | undefined, router: NextRouter): Promise<void> {
  const queries = request.queries ?? [];
  const invalidate = async () => {
    if (queries.length === 0) return;
    const cache = await cacheFor(queryClient);
    if (!cache) return;
    await Promise.all(queries.map((queryKey) => cache.invalidateQueries({ queryKey })));
  };
  const reload = async () => {
    if (!request.page) return;
    if (request.scrollToTop) await router.replace(router.asPath);
    else await router.replace(router.asPath, undefined, { scroll: false });
  };
  await Promise.all([invalidate(), reload()]);
}

/**
 * The one way to refresh after a write: `const refresh = useRefreshAfterWrite();` then
 * `await refresh({ queries: [queryKeys.activity("page", id)], page: true })`. Settles when the
 * refetches and the server's new props are in.
 */
export function useRefreshAfterWrite(): Refresh {
  const router = useRouter();
  const queryClient = useContext(QueryCacheContext);
  return useCallback((request: RefreshRequest) => refreshAfterWrite(request, queryClient, router), [queryClient, router]);
}
