import { useRouter } from "next/router";
import { useEffect } from "react";

// Without nprogress's default role="bar"/"spinner" (invalid ARIA roles); styled in layout-styles.ts.
const TEMPLATE = '<div class="bar"><div class="peg"></div></div>';

type Progress = typeof import("nprogress");
let progress: Progress | null = null;
let loading: Promise<Progress> | null = null;

/** nprogress is needed only once the visitor navigates: fetched when the browser is idle after load (or on the first navigation). */
function loadProgress(): Promise<Progress> {
  loading ??= import("nprogress").then((module) => {
    const loaded = (module as { default?: Progress }).default ?? (module as Progress);
    loaded.configure({ showSpinner: false, template: TEMPLATE, barSelector: ".bar" });
    progress = loaded;
    return loaded;
  });
  return loading;
}

/** Top progress bar: starts on route change start, finishes on complete or error. */
export function RouteProgress() {
  const { events } = useRouter();
  useEffect(() => {
    let navigating = false;
    const idle = window.requestIdleCallback ? window.requestIdleCallback(() => void loadProgress()) : window.setTimeout(() => void loadProgress(), 2000);
    const start = (_url: string, options?: { shallow?: boolean }) => {
      if (options?.shallow) return;
      navigating = true;
      if (progress) progress.start();
      else void loadProgress().then((loaded) => navigating && loaded.start());
    };
    const done = () => {
      navigating = false;
      progress?.done();
    };
    events.on("routeChangeStart", start);
    events.on("routeChangeComplete", done);
    events.on("routeChangeError", done);
    return () => {
      navigating = false;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      events.off("routeChangeStart", start);
      events.off("routeChangeComplete", done);
      events.off("routeChangeError", done);
      progress?.remove();
    };
  }, [events]);
  return null;
}
