import SITE_CONFIG from "@site-config";
import { basePicturePlacement, DEFAULT_MAP_ZOOM } from "./mercator";

/** The interactive map's first view when the address names none (map-setup.ts `createMap`). */
export const DEFAULT_VIEW = { lng: SITE_CONFIG.MAP.CENTER.longitude, lat: SITE_CONFIG.MAP.CENTER.latitude, zoom: DEFAULT_MAP_ZOOM };

/**
 * The base layer's picture (public/map/south-asia.svg) placed where MapLibre will draw the same
 * outlines for `view`, in a container of any size (CSS only, drawn by the server): what a map screen
 * shows until its map starts (src/lib/start-on-intent.ts).
 */
export function BaseMapPreview({ view }: { view?: { lng: number; lat: number; zoom: number } | null }) {
  const { dx, dy, width, height } = basePicturePlacement(view ?? DEFAULT_VIEW);
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a static drawing of the portal's own, sized by its view
    <img
      src="/map/south-asia.svg"
      alt=""
      aria-hidden="true"
      decoding="async"
      style={{ position: "absolute", left: `calc(50% + ${dx}px)`, top: `calc(50% + ${dy}px)`, width: `${width}px`, height: `${height}px`, maxWidth: "none", pointerEvents: "none", userSelect: "none" }}
    />
  );
}
