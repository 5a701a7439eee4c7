import type { NakshaLayer } from "@/contracts/naksha-layer";
import { fetchLayers } from "@/lib/api/naksha";
import { withLayout } from "@/lib/ssr/with-layout";
import { parseMapQuery, type MapUrlState } from "./map-url";

export interface MapScreenProps {
  state: MapUrlState;
  /** The layers the visitor may see (administrators: unpublished ones too); null when the platform could not answer. */
  layers: NakshaLayer[] | null;
}

/** /map: only when the maps flag is on (404 otherwise); the layers and the state of a shared link. */
export const getServerSideProps = withLayout<MapScreenProps>(async ({ ctx, client, layout }) => {
  if (!layout.features.mapsPage) return { notFound: true };
  const layers = await fetchLayers(client).catch(() => null);
  if (layout.user) ctx.res.setHeader("Cache-Control", "private, no-store");
  return { props: { state: parseMapQuery(ctx.query), layers } };
});
