import { useRouter } from "next/router";
import { useEffect, useRef } from "react";

/**
 * Warns before leaving a form with unsaved changes: the browser's own prompt on reload/close, and a
 * confirmation (with `message`) before an in-app navigation. Returns `allowLeave`, to call before
 * navigating away on purpose (after saving).
 */
export function useUnsavedChangesWarning(dirty: boolean, message: string): { allowLeave: () => void } {
  const router = useRouter();
  const dirtyRef = useRef(dirty);
  const allowedRef = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  useEffect(() => {
    const shouldWarn = () => dirtyRef.current && !allowedRef.current;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!shouldWarn()) return;
      event.preventDefault();
      // Older browsers need a value to show their prompt.
      event.returnValue = "";
    };
    const onRouteChangeStart = (url: string) => {
      if (!shouldWarn() || window.confirm(message)) return;
      router.events.emit("routeChangeError", new Error("cancelled"), url, { shallow: false });
      // Next stops a navigation when a routeChangeStart handler throws.
      throw "Navigation cancelled: the form has unsaved changes";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    router.events.on("routeChangeStart", onRouteChangeStart);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      router.events.off("routeChangeStart", onRouteChangeStart);
    };
  }, [router.events, message]);

  return {
    allowLeave: () => {
      allowedRef.current = true;
    },
  };
}
