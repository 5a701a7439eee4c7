import path from "node:path";
import { describe, expect, it } from "vitest";
import { screenModules, SRC, staticGraph } from "./helpers/static-imports";

// What a visitor's browser downloads before the page answers is what `_app` and the route's screen
// import statically. These modules load on use instead (issue 10; first-load JS ≤ 180 kB since issue 35): a static
// import from the wrong place puts them back on every page, and `npm run bench` would only show it
// after a build. Dynamic `import()` and `next/dynamic` are not followed, and neither is a route's
// getServerSideProps (server only).


/** Loaded on use on every visitor screen: the chart library, the API client, validation, toasts, dialogs and the resumable-upload client. */
const ON_USE = ["chart.js", "axios", "yup", "@hookform/resolvers", "src/lib/api/client.ts", "src/components/ui/toaster-host.tsx", "src/components/ui/modal-dialog.tsx", "tus-js-client"];
/** Per route at most: not in the shared chunks. */
const PER_ROUTE = ["@tanstack/react-query", "react-hook-form", "libphonenumber-js"];

const ROUTES: Record<string, string[]> = {
  "_app.tsx": [...ON_USE, ...PER_ROUTE],
  "index.tsx": [...ON_USE, ...PER_ROUTE],
  "page/show/[pageId].tsx": [...ON_USE, ...PER_ROUTE],
  "page/empty.tsx": [...ON_USE, ...PER_ROUTE],
  "about.tsx": [...ON_USE, ...PER_ROUTE],
  "user/show/[id].tsx": [...ON_USE, ...PER_ROUTE],
  // The lists render the server's first page; react-query loads with the first other question (or a session's join states).
  "group/list.tsx": [...ON_USE, ...PER_ROUTE],
  "user/list.tsx": [...ON_USE, ...PER_ROUTE],
  // The range filters' slider loads after the page (its typed bounds work from the first paint).
  "data/list.tsx": [...ON_USE, ...PER_ROUTE, "src/features/data/data-range-slider.tsx"],
  "login.tsx": [...ON_USE, "@tanstack/react-query", "libphonenumber-js"],
  "register/forgotPassword.tsx": [...ON_USE, "@tanstack/react-query", "libphonenumber-js"],
  // The registration form shows the mobile-number field from the start; libphonenumber loads when it is used (or the page is idle).
  "register/index.tsx": [...ON_USE, "@tanstack/react-query", "libphonenumber-js"],
  // The statistics screen draws with Chart.js after the page is shown (its own chunk, next/dynamic).
  "chart.tsx": [...ON_USE, ...PER_ROUTE],
  // The site search renders on the server; every change (type, page, new query) is a navigation: no client, no maps, no editors.
  "search.tsx": [...ON_USE, ...PER_ROUTE, "maplibre-gl", "@tiptap/react"],
};

describe("[SPEED] what loads before a visitor can interact", () => {
  it("follows static imports through the app (sanity check of the scanner)", () => {
    const graph = staticGraph([path.join(SRC, "pages/_app.tsx")]);
    expect(graph.has("src/components/layout/layout.tsx")).toBe(true);
    expect(graph.has("@chakra-ui/react")).toBe(true);
    expect(graph.has("src/components/layout/client-chrome.tsx")).toBe(false); // next/dynamic
  });

  it.each(Object.keys(ROUTES))("src/pages/%s with the shared app imports nothing that loads on use", (route) => {
    const lazy = ROUTES[route]!;
    const entries = [...screenModules(path.join(SRC, "pages", route)), path.join(SRC, "pages/_app.tsx")];
    const graph = staticGraph(entries);
    const found = lazy.filter((name) => graph.has(name)).map((name) => graph.get(name)!.join(" → "));
    expect(found, "imported statically (load it with next/dynamic or import() instead)").toEqual([]);
  });
});
