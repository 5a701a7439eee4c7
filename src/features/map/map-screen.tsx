import { Badge, Box, Button, Flex, Grid, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import { Input } from "@/components/ui/chakra/input";
import { NativeSelect } from "@/components/ui/chakra/native-select";
import { ROLES } from "@site-config";
import dynamic from "next/dynamic";
import Head from "next/head";
import NextLink from "next/link";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { MapInfo } from "@/contracts/cca-data";
import type { LayoutData, LayoutOptions } from "@/contracts/layout";
import { notify } from "@/components/ui/toaster";
import { DOWNLOAD_FORMATS, type DownloadFormat, type NakshaLayer } from "@/contracts/naksha-layer";
import { hasAccess } from "@/shared/access";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { searchRecordPoints } from "@/lib/api/cca-data";
import { deleteLayer, downloadLayer, setLayerPublished } from "@/lib/api/naksha";
import { groupHref } from "@/lib/group-link";
import { featureSummary } from "@/components/map/layer-style";
import { LayerLicense } from "./layer-license";
import type { ShownLayer } from "./layer-map";
import type { MapScreenProps } from "./map.ssr";
import { mapQuery, toggleLayer, type MapView } from "./map-url";
import { OpenInGisButton } from "@/components/ogc/open-in-gis-button";
import { OfflineMapButton } from "@/components/map-pack/offline-map-button";
import { savedPack, type SavedPack } from "@/components/map-pack/keep-urls";
import { recordPointsParams } from "@/contracts/map-pack";
import { BaseMapPreview } from "@/components/map/base-map-preview";
import { useStartOnIntent } from "@/lib/start-on-intent";

// MapLibre loads only in the browser, after the page (first-load JS budget).
const LayerMap = dynamic(() => import("./layer-map"), { ssr: false, loading: MapLoading });

function MapLoading() {
  const { t } = useTranslation();
  return (
    <Flex h="100%" minH="55vh" align="center" justify="center" bg="gray.100">
      <Text>{t("map:loading")}</Text>
    </Flex>
  );
}

type Hit = { layer: NakshaLayer; properties: Record<string, unknown> };

function matches(layer: NakshaLayer, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [layer.title, layer.description, ...layer.tags].some((s) => s.toLowerCase().includes(q));
}

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const EXTENSION: Record<DownloadFormat, string> = { geojson: "geojson", shp: "zip", csv: "csv" };


function LayerItem({
  layer,
  on,
  opacity,
  isAdmin,
  signedIn,
  onToggle,
  onOpacity,
  onZoom,
  onChanged,
  onDeleted,
}: {
  layer: NakshaLayer;
  on: boolean;
  opacity: number;
  isAdmin: boolean;
  signedIn: boolean;
  onToggle: () => void;
  onOpacity: (value: number) => void;
  onZoom: () => void;
  onChanged: (layer: NakshaLayer) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [format, setFormat] = useState<DownloadFormat>("geojson");
  const [busy, setBusy] = useState(false);
  const vector = layer.tileUrl !== null;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const download = () =>
    run(async () => {
      try {
        saveBlob(await downloadLayer(await loadBrowserClient(), layer, format), `${layer.name}.${EXTENSION[format]}`);
        notify.success(t("map:download_success"));
      } catch {
        notify.error(t("map:download_error"));
      }
    });
  const publish = (published: boolean) =>
    run(async () => {
      try {
        onChanged(await setLayerPublished(await loadBrowserClient(), layer.id, published));
        notify.success(t(published ? "map:published" : "map:unpublished"));
      } catch {
        notify.error(t("map:action_error"));
      }
    });
  const remove = () => {
    if (!window.confirm(t("map:delete_confirm", { title: layer.title }))) return;
    void run(async () => {
      try {
        await deleteLayer(await loadBrowserClient(), layer.id);
        notify.success(t("map:deleted"));
        onDeleted();
      } catch {
        notify.error(t("map:action_error"));
      }
    });
  };

  return (
    <Box as="li" borderBottomWidth="1px" borderColor="gray.200" py={3} listStyleType="none">
      <Flex gap={2} align="flex-start">
        <input id={`${id}-on`} type="checkbox" checked={on} onChange={onToggle} style={{ width: "1.1rem", height: "1.1rem", marginTop: "0.2rem", accentColor: "#2c7a7b", flexShrink: 0 }} />
        <Box minW={0} flex="1">
          <label htmlFor={`${id}-on`}>
            <Text as="span" fontWeight="semibold" overflowWrap="anywhere">
              {layer.title}
            </Text>
          </label>
          <Text fontSize="xs" color="gray.700">
            {vector ? t("map:features_count", { count: layer.featureCount }) : t("map:raster")}
            {layer.status === "PENDING" ? (
              <Badge ms={2} colorPalette="orange" size="sm">
                {t("map:pending")}
              </Badge>
            ) : null}
          </Text>
        </Box>
      </Flex>
      {on ? (
        <Stack gap={2} mt={2} ps={7}>
          {layer.description ? (
            <Text fontSize="sm" color="gray.700">
              {layer.description}
            </Text>
          ) : null}
          {layer.attribution ? (
            <Text fontSize="xs" color="gray.700">
              {t("map:attribution")}: {layer.attribution}
            </Text>
          ) : null}
          <LayerLicense name={layer.license} />
          <Flex align="center" gap={2}>
            <label htmlFor={`${id}-opacity`}>
              <Text as="span" fontSize="sm">
                {t("map:opacity")}
              </Text>
            </label>
            <input id={`${id}-opacity`} type="range" min={0.1} max={1} step={0.1} value={opacity} onChange={(e) => onOpacity(Number(e.target.value))} style={{ flex: 1, accentColor: "#2c7a7b" }} />
          </Flex>
          {layer.legend.length > 0 ? (
            <Box>
              <Text fontSize="sm" fontWeight="medium">
                {t("map:legend")} ({layer.colorBy})
              </Text>
              <Box as="ul" m={0} p={0}>
                {layer.legend.map((entry) => (
                  <Flex as="li" key={`${entry.label}-${entry.color}`} align="center" gap={2} fontSize="sm" listStyleType="none">
                    <Box as="span" aria-hidden="true" w="0.9rem" h="0.9rem" borderRadius="sm" bg={entry.color} flexShrink={0} borderWidth="1px" borderColor="gray.400" />
                    {entry.value === null ? t("map:other") : entry.label}
                  </Flex>
                ))}
              </Box>
            </Box>
          ) : null}
          <HStack gap={2} wrap="wrap">
            {layer.bbox ? (
              <Button size="xs" variant="outline" onClick={onZoom}>
                {t("map:zoom_to_layer")}
              </Button>
            ) : null}
          </HStack>
          {vector && layer.canDownload ? (
            <Flex gap={2} align="flex-end" wrap="wrap">
              <Box>
                <label htmlFor={`${id}-format`}>
                  <Text as="span" fontSize="xs">
                    {t("map:download_as")}
                  </Text>
                </label>
                <NativeSelect.Root size="xs" width="10rem">
                  <NativeSelect.Field id={`${id}-format`} value={format} onChange={(e) => setFormat(e.target.value as DownloadFormat)}>
                    {DOWNLOAD_FORMATS.map((f) => (
                      <option key={f} value={f}>
                        {t(`map:formats.${f}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Box>
              <Button size="xs" colorPalette="teal" onClick={() => void download()} loading={busy}>
                {t("map:download")}
              </Button>
            </Flex>
          ) : vector && !signedIn && layer.downloadAccess === "GROUP" ? (
            <Text fontSize="xs" color="gray.700">
              {t("map:download_signin")}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {isAdmin ? (
        <HStack gap={2} mt={2} ps={7}>
          <Button size="xs" variant="outline" colorPalette="teal" disabled={busy} onClick={() => void publish(layer.status !== "ACTIVE")} aria-label={`${t(layer.status === "ACTIVE" ? "map:unpublish" : "map:publish")}: ${layer.title}`}>
            {t(layer.status === "ACTIVE" ? "map:unpublish" : "map:publish")}
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" disabled={busy} onClick={remove} aria-label={`${t("map:delete")}: ${layer.title}`}>
            {t("map:delete")}
          </Button>
        </HStack>
      ) : null}
    </Box>
  );
}

function MapView({ state, layers: initialLayers, layout }: MapScreenProps & { layout: LayoutData }) {
  const { t, lang } = useTranslation();
  const router = useRouter();
  const isAdmin = hasAccess([ROLES.ADMIN], layout.user);
  const [layers, setLayers] = useState<NakshaLayer[]>(initialLayers ?? []);
  const [selected, setSelected] = useState<string[]>(state.layers);
  const [opacity, setOpacity] = useState<Record<string, number>>({});
  const [search, setSearch] = useState("");
  const [hit, setHit] = useState<Hit | null>(null);
  const [fit, setFit] = useState<{ bbox: [number, number, number, number]; seq: number } | null>(null);
  const view = useRef<MapView | null>(state.view);
  const searchId = useId();
  // The CCA records (of the current group) as clustered points: on by default, loaded in the browser.
  const [recordsOn, setRecordsOn] = useState(true);
  const [points, setPoints] = useState<MapInfo[] | null>(null);
  const [record, setRecord] = useState<number | null>(null);
  const groupId = layout.currentGroup.id;
  // The offline map pack of this map: the group's, or the site's.
  const pack = groupId !== null ? String(groupId) : "site";
  // The map starts once the visitor uses the page (a phone) or at once (a computer); the records' points
  // are read for it, not before (src/lib/start-on-intent.ts).
  const mapArea = useRef<HTMLDivElement>(null);
  const { started: mapStarted, start: startMap } = useStartOnIntent(mapArea, "0px");
  useEffect(() => {
    if (!mapStarted || !recordsOn || points) return;
    let live = true;
    void (async () => {
      // The same address an offline map pack keeps (src/contracts/map-pack.ts).
      const answer = await searchRecordPoints(await loadBrowserClient(), recordPointsParams(lang, groupId)).catch(() => []);
      if (live) setPoints(answer);
    })();
    return () => {
      live = false;
    };
  }, [mapStarted, recordsOn, points, lang, groupId]);
  // Offline, a map pack saved in this browser draws its tiles (the dialog saved them and noted it).
  const [offlinePack, setOfflinePack] = useState<SavedPack | null>(null);
  useEffect(() => {
    const update = () => setOfflinePack(navigator.onLine ? null : savedPack(pack));
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, [pack]);
  const onRecord = useCallback((id: number | null) => {
    setRecord(id);
    if (id !== null) setHit(null);
  }, []);

  // The address follows the layers and the view (replace: panning must not fill the history).
  const writeUrl = useCallback(
    (layerNames: string[]) => {
      const { groupName } = router.query;
      const query = { ...(typeof groupName === "string" ? { groupName } : {}), ...mapQuery({ layers: layerNames, view: view.current }) };
      void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true, scroll: false });
    },
    [router],
  );
  const selectedRef = useRef(selected);
  useEffect(() => {
    selectedRef.current = selected;
  }, [selected]);
  const viewTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onView = useCallback(
    (next: MapView) => {
      view.current = next;
      if (viewTimer.current) clearTimeout(viewTimer.current);
      viewTimer.current = setTimeout(() => writeUrl(selectedRef.current), 300);
    },
    [writeUrl],
  );
  const onFeature = useCallback((next: Hit | null) => {
    setHit(next);
    setRecord(null);
  }, []);

  const toggle = (name: string) => {
    const next = toggleLayer(selected, name);
    setSelected(next);
    if (hit && !next.includes(hit.layer.name)) setHit(null);
    writeUrl(next);
  };

  const byName = useMemo(() => new Map(layers.map((l) => [l.name, l])), [layers]);
  const shown: ShownLayer[] = useMemo(
    () => selected.flatMap((name) => (byName.has(name) ? [{ layer: byName.get(name)!, opacity: opacity[name] ?? 0.8 }] : [])),
    [selected, byName, opacity],
  );
  const listed = layers.filter((l) => matches(l, search));
  const summary = hit ? featureSummary(hit.layer, hit.properties) : null;

  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      notify.success(t("map:link_copied"));
    } catch {
      notify.info(window.location.href);
    }
  };

  return (
    <>
      <Head>
        <title>{t("map:title")}</title>
      </Head>
      {/*
        A grid, not a flex row: the map's place (above the layers on a phone) is kept from the first paint,
        before the browser has read the map's markup, which follows the layers' (their order for keyboards).
      */}
      <Grid
        templateAreas={{ base: `"map" "aside"`, md: `"aside map"` }}
        templateColumns={{ base: "minmax(0, 1fr)", md: "22rem minmax(0, 1fr)" }}
        templateRows={{ base: "55vh auto", md: "minmax(0, 1fr)" }}
        h={{ base: "auto", md: "calc(100dvh - 8rem)" }}
        minH={{ md: "32rem" }}
      >
        <Box as="aside" gridArea="aside" minH={0} overflowY="auto" borderEndWidth={{ md: "1px" }} borderColor="gray.200" p={4} aria-labelledby={`${searchId}-heading`}>
          <Flex align="center" justify="space-between" gap={2} mb={3}>
            <PageTitle id={`${searchId}-heading`}>
              {t("map:layers")}
            </PageTitle>
            <HStack gap={2} wrap="wrap" justify="flex-end">
              <Button size="xs" variant="outline" onClick={() => void share()}>
                {t("map:share")}
              </Button>
              <OpenInGisButton />
              <OfflineMapButton pack={pack} />
            </HStack>
          </Flex>
          {isAdmin ? (
            <NextLink href={groupHref(layout.currentGroup.linkPrefix, "/map/create")} className="cca-btn cca-btn--solid" style={{ display: "inline-block", marginBottom: "0.75rem" }}>
              {t("map:upload")}
            </NextLink>
          ) : null}
          <label htmlFor={searchId}>
            <Text as="span" fontSize="sm" fontWeight="medium">
              {t("map:search_layers")}
            </Text>
          </label>
          <Input id={searchId} type="search" size="sm" mb={2} value={search} onChange={(e) => setSearch(e.target.value)} />
          <Flex as="label" gap={2} align="center" py={2} borderBottomWidth="1px" borderColor="gray.200">
            <input type="checkbox" checked={recordsOn} onChange={() => setRecordsOn((on) => !on)} style={{ width: "1.1rem", height: "1.1rem", accentColor: "#2c7a7b" }} />
            <Text as="span" fontWeight="semibold">
              {t("map:records")}
            </Text>
            {points && recordsOn ? (
              <Text as="span" fontSize="xs" color="gray.700">
                ({points.length})
              </Text>
            ) : null}
          </Flex>
          {initialLayers === null ? (
            <Stack gap={2} role="alert">
              <Text>{t("map:load_error")}</Text>
              <Button size="sm" onClick={() => router.reload()}>
                {t("map:retry")}
              </Button>
            </Stack>
          ) : layers.length === 0 ? (
            <Text>{t("map:no_layers")}</Text>
          ) : listed.length === 0 ? (
            <Text>{t("map:no_match")}</Text>
          ) : (
            <Box as="ul" m={0} p={0} aria-label={t("map:layers")}>
              {listed.map((layer) => (
                <LayerItem
                  key={layer.id}
                  layer={layer}
                  on={selected.includes(layer.name)}
                  opacity={opacity[layer.name] ?? 0.8}
                  isAdmin={isAdmin}
                  signedIn={layout.user !== null}
                  onToggle={() => toggle(layer.name)}
                  onOpacity={(value) => setOpacity((o) => ({ ...o, [layer.name]: value }))}
                  onZoom={() => layer.bbox && setFit({ bbox: layer.bbox, seq: (fit?.seq ?? 0) + 1 })}
                  onChanged={(changed) => setLayers((all) => all.map((l) => (l.id === changed.id ? changed : l)))}
                  onDeleted={() => {
                    setLayers((all) => all.filter((l) => l.id !== layer.id));
                    if (selected.includes(layer.name)) toggle(layer.name);
                  }}
                />
              ))}
            </Box>
          )}
          <Text fontSize="xs" color="gray.700" mt={3}>
            {t("map:keyboard_hint")}
          </Text>
        </Box>
        <Box ref={mapArea} gridArea="map" position="relative" minH={0}>
          {mapStarted ? (
            <LayerMap shown={shown} initialView={state.view} fit={fit} onView={onView} onFeature={onFeature} records={recordsOn ? points : null} onRecord={onRecord} offlinePack={offlinePack} />
          ) : (
            <Box role="region" aria-label={t("map:title")} position="relative" h="100%" minH={{ base: "55vh", md: "0" }} bg="#d4e6ee" overflow="hidden">
              <BaseMapPreview view={state.view} />
              <Button position="absolute" bottom={3} right={3} size="sm" colorPalette="teal" onClick={startMap}>
                {t("map:open_map")}
              </Button>
            </Box>
          )}
          {record !== null ? (
            <Box as="section" aria-label={t("map:records")} aria-live="polite" position="absolute" top={3} left={3} maxW="18rem" bg="white" borderRadius="md" boxShadow="md" p={3}>
              <Flex justify="space-between" gap={2} align="center">
                <NextLink href={groupHref(layout.currentGroup.linkPrefix, `/data/show/${record}`)} style={{ fontWeight: 600, color: "#285e61" }}>
                  {t("map:open_record", { id: record })}
                </NextLink>
                <Button size="xs" variant="ghost" onClick={() => setRecord(null)} aria-label={t("map:close")}>
                  ×
                </Button>
              </Flex>
            </Box>
          ) : null}
          {hit && summary ? (
            <Box
              as="section"
              aria-label={t("map:feature")}
              aria-live="polite"
              position="absolute"
              top={3}
              left={3}
              maxW="18rem"
              bg="white"
              borderRadius="md"
              boxShadow="md"
              p={3}
              data-testid="feature-panel"
            >
              <Flex justify="space-between" gap={2} align="flex-start">
                <Box minW={0}>
                  <Text fontSize="xs" color="gray.700">
                    {hit.layer.title}
                  </Text>
                  <Heading as="h2" size="sm" overflowWrap="anywhere">
                    {summary.title ?? t("map:feature")}
                  </Heading>
                </Box>
                <Button size="xs" variant="ghost" onClick={() => setHit(null)} aria-label={t("map:close")}>
                  ×
                </Button>
              </Flex>
              {summary.lines.length > 0 ? (
                <Box as="dl" m={0} mt={2} fontSize="sm">
                  {summary.lines.map(([name, value]) => (
                    <Flex key={name} gap={1}>
                      <Box as="dt" fontWeight="semibold">
                        {name}:
                      </Box>
                      <Box as="dd" m={0} overflowWrap="anywhere">
                        {value}
                      </Box>
                    </Flex>
                  ))}
                </Box>
              ) : null}
            </Box>
          ) : null}
        </Box>
      </Grid>
    </>
  );
}

const layoutOptions: LayoutOptions = { footer: false };

/** /map: the published layers on one map; a layer list to switch them on, read their legend and download them. */
export const MapScreen = Object.assign(MapView, { layoutOptions });
