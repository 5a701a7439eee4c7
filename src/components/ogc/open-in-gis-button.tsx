import dynamic from "next/dynamic";
import { useState } from "react";
import useTranslation from "@/lib/i18n/use-translation";

/** Loaded on first open (never in the page's first-load chunk), with its own translations. */
const OpenInGisDialog = dynamic(() => import("./open-in-gis-dialog"), { ssr: false, loading: () => null });

/**
 * "Open in QGIS" (issue 31, item 2): on the data list and the map page; opens a dialog with the site's
 * OGC API – Features address to copy and the steps for QGIS and ArcGIS.
 */
export function OpenInGisButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="cca-btn cca-btn--outline" onClick={() => setOpen(true)} data-testid="ogc-open">
        {t("common:ogc.open_in_qgis")}
      </button>
      {open ? <OpenInGisDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
