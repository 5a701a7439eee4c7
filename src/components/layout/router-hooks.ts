import { useRouter } from "next/router";
import { useEffect } from "react";

/** Calls `handler` (keep it stable) on every route change start, not on shallow query updates. */
export function useRouteChangeStart(handler: () => void): void {
  const { events } = useRouter();
  useEffect(() => {
    const onStart = (_url: string, options?: { shallow?: boolean }) => {
      if (!options?.shallow) handler();
    };
    events.on("routeChangeStart", onStart);
    return () => events.off("routeChangeStart", onStart);
  }, [events, handler]);
}

/** Preview mode: the query string carries a `preview` parameter (spec §4). */
export function usePreviewMode(): boolean {
  const { query } = useRouter();
  return query.preview !== undefined;
}

/** The current path without query or hash, to mark the current link with aria-current. */
export function useCurrentPath(): string {
  const { asPath } = useRouter();
  return asPath.split(/[?#]/)[0] ?? "/";
}
