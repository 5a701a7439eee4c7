import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { useRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GeoFeatureCollection } from "@/contracts/cca-data";
import { GeometryPreview, projectGeometry } from "@/components/map/geometry-preview";

type StartHook = typeof import("@/lib/start-on-intent").useStartOnIntent;

/** IntersectionObserver stand-in: the test says when the observed element is in view. */
let setInView: (inView: boolean) => void = () => undefined;
class FakeObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {
    setInView = (inView) => this.callback([{ isIntersecting: inView } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  observe() {}
  disconnect() {}
}

async function freshHook(): Promise<StartHook> {
  // The visitor's intent is kept per page (module state): each case starts from a fresh page.
  vi.resetModules();
  return (await import("@/lib/start-on-intent")).useStartOnIntent;
}

function Probe({ useStart }: { useStart: StartHook }) {
  const ref = useRef<HTMLDivElement>(null);
  const { started, start } = useStart(ref);
  return (
    <div ref={ref}>
      {started ? <p>map running</p> : <p>preview</p>}
      <button onClick={start}>open</button>
    </div>
  );
}

/** The device: a phone (touch, no hover) unless a case says it has a mouse. */
function device(mouse: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: mouse && query === "(hover: hover) and (pointer: fine)", media: query, addEventListener() {}, removeEventListener() {} }));
}

beforeEach(() => {
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  device(false);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("[MAP] on a phone, a map starts once the visitor uses the page and it is in view", () => {
  it("stays a preview on a page nobody has touched, even in view; a scroll starts it", async () => {
    render(<Probe useStart={await freshHook()} />);
    act(() => setInView(true));
    expect(screen.getByText("preview")).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event("scroll"));
    });
    expect(screen.getByText("map running")).toBeTruthy();
  });

  it("waits for the map to come into view after the visitor has used the page", async () => {
    render(<Probe useStart={await freshHook()} />);
    act(() => setInView(false));
    fireEvent.keyDown(window, { key: "ArrowDown" });
    expect(screen.getByText("preview")).toBeTruthy();
    act(() => setInView(true));
    expect(screen.getByText("map running")).toBeTruthy();
  });

  it("starts at once from the preview's button (keyboard and tap alike)", async () => {
    render(<Probe useStart={await freshHook()} />);
    act(() => setInView(false));
    fireEvent.click(screen.getByRole("button", { name: "open" }));
    expect(screen.getByText("map running")).toBeTruthy();
  });

  it("on a computer with a mouse, starts as soon as it is in view", async () => {
    device(true);
    render(<Probe useStart={await freshHook()} />);
    expect(screen.getByText("preview")).toBeTruthy();
    act(() => setInView(true));
    expect(screen.getByText("map running")).toBeTruthy();
  });
});

const area: GeoFeatureCollection = {
  type: "FeatureCollection",
  features: [
    { type: "Feature", properties: null, geometry: { type: "Polygon", coordinates: [[[91.8, 25.4], [91.95, 25.4], [91.95, 25.5], [91.8, 25.5], [91.8, 25.4]]] } },
    { type: "Feature", properties: null, geometry: { type: "Point", coordinates: [91.87, 25.45] } },
  ],
};

describe("[MAP] the record's location preview", () => {
  it("draws the area and the point inside its box, the point centred in the area's box", () => {
    const shapes = projectGeometry(area)!;
    const positions = shapes.flatMap((s) => s.parts.flat());
    for (const [x, y] of positions) {
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(400);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(240);
    }
    const ring = shapes[0]!.parts[0]!;
    // North is up: the ring's northern edge (lat 25.5) is drawn above its southern edge (lat 25.4).
    expect(ring[2]![1]).toBeLessThan(ring[0]![1]);
    const html = renderToString(<GeometryPreview geometry={area} />);
    expect(html).toContain("<path");
    expect(html).toContain("<circle");
  });

  it("has nothing to draw for a collection without geometry", () => {
    expect(projectGeometry({ type: "FeatureCollection", features: [{ type: "Feature", properties: null, geometry: null }] })).toBeNull();
  });
});

describe("[MAP] the base layer's picture, shown until a map screen's map starts", () => {
  it("is the committed public/map/south-asia.svg, drawn from the committed base layer", async () => {
    const fs = await import("node:fs");
    const path = await import("node:path");
    const { basePictureSvg } = await import("@/components/map/base-picture");
    const root = path.resolve(__dirname, "../..");
    const layer = JSON.parse(fs.readFileSync(path.join(root, "public/map/south-asia.json"), "utf8"));
    expect(fs.readFileSync(path.join(root, "public/map/south-asia.svg"), "utf8")).toBe(basePictureSvg(layer));
  });

  it("sits where MapLibre draws the same place: the view's centre at the container's centre, the box's corner where the view puts it", async () => {
    const { basePicturePlacement, baseBoxPixels, project, BASE_BOX } = await import("@/components/map/mercator");
    const view = { lng: 79.1, lat: 22, zoom: 3.3 };
    const placed = basePicturePlacement(view);
    const scale = 2 ** view.zoom;
    const [, , width] = baseBoxPixels();
    // The view's centre, found in the picture, lands on the container's centre (offset 0).
    const [cx, cy] = project([view.lng, view.lat]);
    const [west, north] = project([BASE_BOX[0], BASE_BOX[3]]);
    expect(placed.dx + (cx - west) * scale).toBeCloseTo(0, 0);
    expect(placed.dy + (cy - north) * scale).toBeCloseTo(0, 0);
    expect(placed.width).toBeCloseTo(width * scale, 0);
    // One zoom level more: twice as large.
    expect(basePicturePlacement({ ...view, zoom: 4.3 }).width).toBeCloseTo(placed.width * 2, 0);
  });
});
