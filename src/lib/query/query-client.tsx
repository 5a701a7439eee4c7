import { QueryClient, QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { useContext, useState, type ComponentType, type ReactNode } from "react";
import { QueryCacheContext } from "./refresh-after-write";

function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}

let browserClient: QueryClient | undefined;

/** The query cache: one per browser tab, shared by every screen and kept across navigations; a fresh one per server render. */
function getQueryClient(): QueryClient {
  if (typeof window === "undefined") return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}

/** The browser's shared query cache if a screen or part has created it, without creating one. */
export function existingBrowserQueryClient(): QueryClient | undefined {
  return browserClient;
}

/**
 * Provides the query cache to what it wraps (and to `useRefreshAfterWrite`), from an outer provider if
 * there is one (tests). Only the screens and parts that use react-query mount it, so it is not in every
 * page's first-load JavaScript.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const [client] = useState(() => outer ?? getQueryClient());
  // The same cache for `useRefreshAfterWrite`, which does not import react-query.
  const provided = <QueryCacheContext.Provider value={client}>{children}</QueryCacheContext.Provider>;
  if (outer) return provided;
  return <QueryClientProvider client={client}>{provided}</QueryClientProvider>;
}

/** `Component` inside a `QueryProvider`, for a screen or a lazily loaded part that uses react-query. */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}
