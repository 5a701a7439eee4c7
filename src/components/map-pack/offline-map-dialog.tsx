import { Box, Button, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import type { MapPackEstimate } from "@/contracts/map-pack";
import { ApiError } from "@/lib/api/api-error";
import { getBrowserClient } from "@/lib/api/client";
import { fetchMapPackEstimate } from "@/lib/api/map-pack";
import { Modal } from "@/components/ui/modal";
import { LazyNamespaces } from "@/lib/i18n/lazy-namespaces";
import useTranslation from "@/lib/i18n/use-translation";
import { dateTimeFormat, numberFormat } from "@/shared/format/intl";
import { browserCanKeep, forgetPack, keepUrls, rememberPack, savedPack, type KeepProgress } from "./keep-urls";

export interface OfflineMapDialogProps {
  /** `site` or the group's id. */
  pack: string;
  onClose: () => void;
}

type Saving = { phase: "idle" } | { phase: "saving"; done: number; total: number } | { phase: "done"; failed: number; total: number } | { phase: "cancelled" } | { phase: "error" };

/** "12.3 MB" / "840 kB" in the visitor's language. */
export function sizeText(lang: string, bytes: number): string {
  if (bytes >= 1024 * 1024) return numberFormat(lang, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(bytes / 1024 / 1024);
  return numberFormat(lang, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024)));
}

function Facts({ estimate }: { estimate: MapPackEstimate }) {
  const { t, lang } = useTranslation();
  const n = (v: number) => numberFormat(lang).format(v);
  const deg = (v: number, positive: string, negative: string) => `${numberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(v))}° ${t(v < 0 ? negative : positive)}`;
  const [w, s, e, north] = estimate.bbox;
  const rows: Array<[string, string]> = [
    [
      t("mappack:facts.area"),
      t("mappack:facts.area_value", {
        west: deg(w, "mappack:compass.east", "mappack:compass.west"),
        east: deg(e, "mappack:compass.east", "mappack:compass.west"),
        south: deg(s, "mappack:compass.north", "mappack:compass.south"),
        north: deg(north, "mappack:compass.north", "mappack:compass.south"),
      }),
    ],
    [t("mappack:facts.zooms"), t("mappack:facts.zooms_value", { min: n(estimate.minZoom), max: n(estimate.maxZoom) })],
    [t("mappack:facts.tiles"), n(estimate.tiles)],
    [t("mappack:facts.size_browser"), t("mappack:facts.about", { size: sizeText(lang, estimate.browser.bytes) })],
    [t("mappack:facts.size_mbtiles"), t("mappack:facts.about", { size: sizeText(lang, estimate.bytes) })],
    [t("mappack:facts.drawn"), t("mappack:facts.drawn_value", { count: estimate.points, places: n(estimate.points), layers: estimate.layers.length > 0 ? estimate.layers.map((l) => l.title).join(", ") : t("mappack:facts.no_layers") })],
  ];
  return (
    <Box as="dl" m={0} display="grid" gridTemplateColumns={{ base: "1fr", sm: "max-content 1fr" }} columnGap={4} rowGap={{ base: 0, sm: 1 }} data-testid="map-pack-facts">
      {rows.map(([label, value]) => (
        <Box key={label} display="contents">
          <Box as="dt" fontWeight="semibold" mt={{ base: 2, sm: 0 }}>
            {label}
          </Box>
          <Box as="dd" m={0} overflowWrap="anywhere">
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Body({ pack, onClose }: OfflineMapDialogProps) {
  const { t, lang } = useTranslation();
  const [estimate, setEstimate] = useState<MapPackEstimate | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState<Saving>({ phase: "idle" });
  const [saved, setSaved] = useState(() => savedPack(pack));
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    let live = true;
    fetchMapPackEstimate(getBrowserClient(), pack)
      .then((answer) => live && setEstimate(answer))
      .catch((e: unknown) => {
        if (!live) return;
        const key = ApiError.from(e).fieldErrors?.pack;
        setLoadError(key && /^mappack:errors\.[a-z_]+$/.test(key) ? key : "mappack:errors.load");
      });
    return () => {
      live = false;
      // Closing the dialog stops a save under way.
      abort.current?.abort();
    };
  }, [pack]);

  const save = async () => {
    if (!estimate || saving.phase === "saving") return;
    const controller = new AbortController();
    abort.current = controller;
    setSaving({ phase: "saving", done: 0, total: estimate.browser.urls.length });
    try {
      const result = await keepUrls(estimate.cacheName, estimate.browser.urls, (p: KeepProgress) => setSaving({ phase: "saving", done: p.done, total: p.total }), controller.signal);
      if (result.cancelled) {
        setSaving({ phase: "cancelled" });
        return;
      }
      if (result.failed < result.total) {
        rememberPack(pack, estimate);
        setSaved(savedPack(pack));
      }
      setSaving({ phase: "done", failed: result.failed, total: result.total });
    } catch {
      setSaving({ phase: "error" });
    } finally {
      abort.current = null;
    }
  };

  const remove = async () => {
    await forgetPack(pack).catch(() => undefined);
    setSaved(null);
    setSaving({ phase: "idle" });
  };

  const percent = saving.phase === "saving" && saving.total > 0 ? Math.round((saving.done / saving.total) * 100) : 0;
  const n = (v: number) => numberFormat(lang).format(v);

  return (
    <Modal open onClose={onClose} title={t("mappack:title")} description={t("mappack:description")}>
      <Stack gap={4} data-testid="map-pack-dialog">
        {loadError ? (
          <Text role="alert" color="red.700">
            {t(loadError)}
          </Text>
        ) : !estimate ? (
          <Text role="status">{t("mappack:loading")}</Text>
        ) : (
          <>
            <Facts estimate={estimate} />
            <Text fontSize="sm" color="gray.700">
              {t("mappack:public_only")}
            </Text>
            <Stack gap={2}>
              <Stack direction={{ base: "column", sm: "row" }} gap={2} align={{ sm: "center" }}>
                <Button colorPalette="teal" onClick={() => void save()} disabled={saving.phase === "saving" || !browserCanKeep()} data-testid="map-pack-save">
                  {t("mappack:save")}
                </Button>
                {saving.phase === "saving" ? (
                  <Button variant="outline" onClick={() => abort.current?.abort()} data-testid="map-pack-cancel">
                    {t("mappack:cancel")}
                  </Button>
                ) : null}
              </Stack>
              {saving.phase === "saving" ? (
                <Box
                  role="progressbar"
                  aria-label={t("mappack:progress_label")}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  aria-valuetext={t("mappack:progress", { done: n(saving.done), total: n(saving.total) })}
                  h="2"
                  bg="gray.200"
                  borderRadius="full"
                  overflow="hidden"
                >
                  <Box h="100%" w={`${percent}%`} bg="teal.600" transition="width 0.2s" />
                </Box>
              ) : null}
              <Box role="status" aria-live="polite" minH="1.5em" data-testid="map-pack-status">
                {saving.phase === "saving" ? <Text fontSize="sm">{t("mappack:progress", { done: n(saving.done), total: n(saving.total) })}</Text> : null}
                {saving.phase === "done" && saving.failed === 0 ? <Text color="green.800">{t("mappack:saved")}</Text> : null}
                {saving.phase === "done" && saving.failed > 0 ? (
                  <Text color="red.700">{t("mappack:partly_saved", { failed: n(saving.failed), total: n(saving.total) })}</Text>
                ) : null}
                {saving.phase === "cancelled" ? <Text>{t("mappack:cancelled")}</Text> : null}
                {saving.phase === "error" ? <Text color="red.700">{t("mappack:save_failed")}</Text> : null}
                {!browserCanKeep() ? <Text color="red.700">{t("mappack:no_cache")}</Text> : null}
              </Box>
              {saved && saving.phase !== "saving" ? (
                <Stack direction={{ base: "column", sm: "row" }} gap={2} align={{ sm: "center" }} fontSize="sm">
                  <Text>{t("mappack:saved_on", { date: dateTimeFormat(lang, { dateStyle: "medium" }).format(new Date(saved.savedOn)) })}</Text>
                  <Button size="xs" variant="outline" onClick={() => void remove()} data-testid="map-pack-remove">
                    {t("mappack:remove")}
                  </Button>
                </Stack>
              ) : null}
            </Stack>
            <Box borderTopWidth="1px" borderColor="gray.200" pt={3}>
              <a href={estimate.mbtilesUrl} download className="cca-btn cca-btn--outline" data-testid="map-pack-mbtiles">
                {t("mappack:mbtiles")}
              </a>
              <Text fontSize="sm" color="gray.700" mt={2}>
                {t("mappack:mbtiles_help")}
              </Text>
            </Box>
          </>
        )}
      </Stack>
    </Modal>
  );
}

/** The offline map dialog of the map screen (issue 32): loaded with next/dynamic on first open, with its own translations. */
export default function OfflineMapDialog(props: OfflineMapDialogProps) {
  return (
    <LazyNamespaces namespaces={["mappack"]}>
      <Body {...props} />
    </LazyNamespaces>
  );
}
