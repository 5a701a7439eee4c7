import type { NextRouter } from "next/router";
import { useEffect, useState } from "react";

/**
 * A list screen's state as the visitor just set it (a checkbox, a slider, a page), shown at once while
 * the shallow navigation that carries it into the URL lands. It gives way to the URL when a navigation
 * completes or truly fails; a navigation that this change cancelled (the visitor filtered while Back or
 * another page was still loading) leaves it in place, so the click is never undone on screen.
 */
export function useOptimisticRouteState<S>(events: NextRouter["events"]): [S | null, (next: S | null) => void] {
  const [optimistic, setOptimistic] = useState<S | null>(null);
  useEffect(() => {
    const settle = () => setOptimistic(null);
    const failed = (error: unknown) => {
      if (!(error as { cancelled?: boolean } | null)?.cancelled) settle();
    };
    events.on("routeChangeComplete", settle);
    events.on("routeChangeError", failed);
    return () => {
      events.off("routeChangeComplete", settle);
      events.off("routeChangeError", failed);
    };
  }, [events]);
  return [optimistic, setOptimistic];
}
