import dynamic from "next/dynamic";
import { useState } from "react";
import useTranslation from "@/lib/i18n/use-translation";

/** Loaded on first open (never in the page's first-load chunk), with its own translations. */
const OfflineMapDialog = dynamic(() => import("./offline-map-dialog"), { ssr: false, loading: () => null });

/**
 * "Offline map" (issue 32, item 5): on the map screen of the site and of each group; opens a dialog
 * with the pack's area, zooms and size, to save it in this browser or download it as MBTiles.
 */
export function OfflineMapButton({ pack }: { pack: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="cca-btn cca-btn--outline" onClick={() => setOpen(true)} aria-haspopup="dialog" data-testid="map-pack-open">
        {t("map:offline_map")}
      </button>
      {open ? <OfflineMapDialog pack={pack} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
