import { useRouter } from "next/router";
import NProgress from "nprogress";
import { useEffect } from "react";

// Without nprogress's default role="bar"/"spinner" (invalid ARIA roles); styled in layout-styles.ts.
const TEMPLATE = '<div class="bar"><div class="peg"></div></div>';

/** Top progress bar: starts on route change start, finishes on complete or error. */
export function RouteProgress() {
  const { events } = useRouter();
  useEffect(() => {
    NProgress.configure({ showSpinner: false, template: TEMPLATE, barSelector: ".bar" });
    const start = (_url: string, options?: { shallow?: boolean }) => {
      if (!options?.shallow) NProgress.start();
    };
    const done = () => NProgress.done();
    events.on("routeChangeStart", start);
    events.on("routeChangeComplete", done);
    events.on("routeChangeError", done);
    return () => {
      events.off("routeChangeStart", start);
      events.off("routeChangeComplete", done);
      events.off("routeChangeError", done);
      NProgress.remove();
    };
  }, [events]);
  return null;
}
