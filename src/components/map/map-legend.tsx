/**
 * The key of a map drawn on a canvas: what a cluster, a single record and each layer switched on look
 * like. A disclosure (`<details>`) over the map's corner: open on a wide screen, closed on a phone so
 * it does not cover the map. Shared by the data list's map and /map; loaded with them.
 */
import { Box, Flex } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import type { NakshaLayer } from "@/contracts/naksha-layer";
import { CLUSTER_COLOR, RECORD_COLOR } from "./layer-style";

export type LegendSwatch = "cluster" | "point" | "fill" | "line" | "circle" | "raster";

export interface MapLegendItem {
  key: string;
  label: string;
  swatch: LegendSwatch;
  /** One colour, or several (a layer coloured by a column shows its first few). */
  colors: readonly string[];
}

/** The legend rows of the layers switched on: the layer's kind of shape in its colours. */
export function layerLegendItems(layers: ReadonlyArray<Pick<NakshaLayer, "name" | "title" | "layerType" | "color" | "legend" | "imageUrl">>): MapLegendItem[] {
  return layers.map((layer) => ({
    key: `layer:${layer.name}`,
    label: layer.title,
    swatch: layer.imageUrl ? "raster" : layer.layerType === "MULTIPOLYGON" ? "fill" : layer.layerType === "MULTILINESTRING" ? "line" : "circle",
    colors: layer.legend.length > 0 ? layer.legend.slice(0, 4).map((l) => l.color) : [layer.color],
  }));
}

/** The two rows of clustered records: a cluster (with a count) and one record. */
export function recordLegendItems(texts: { cluster: string; point: string }): MapLegendItem[] {
  return [
    { key: "records-cluster", label: texts.cluster, swatch: "cluster", colors: [CLUSTER_COLOR] },
    { key: "records-point", label: texts.point, swatch: "point", colors: [RECORD_COLOR] },
  ];
}

function Swatch({ swatch, colors }: Pick<MapLegendItem, "swatch" | "colors">) {
  const first = colors[0] ?? "#999999";
  const common = { "aria-hidden": true, flexShrink: 0 } as const;
  switch (swatch) {
    case "cluster":
      return (
        <Flex {...common} as="span" w="22px" h="22px" borderRadius="full" bg={first} borderWidth="2px" borderColor="white" color="white" fontSize="10px" fontWeight="600" align="center" justify="center">
          12
        </Flex>
      );
    case "point":
    case "circle":
      return <Box {...common} as="span" w="14px" h="14px" mx="4px" borderRadius="full" bg={first} borderWidth="2px" borderColor="white" boxShadow="0 0 0 1px #718096" />;
    case "line":
      return (
        <Flex {...common} as="span" w="22px" direction="column" gap="2px">
          {colors.map((c) => (
            <Box key={c} as="span" h="3px" borderRadius="full" bg={c} />
          ))}
        </Flex>
      );
    case "raster":
      return <Box {...common} as="span" w="22px" h="16px" borderRadius="sm" borderWidth="1px" borderColor="gray.500" bgImage="linear-gradient(135deg, #f6e05e, #38a169 50%, #2b6cb0)" />;
    default:
      return (
        <Flex {...common} as="span" w="22px" h="16px" borderRadius="sm" overflow="hidden" borderWidth="1px" borderColor="gray.600">
          {colors.map((c) => (
            <Box key={c} as="span" flex="1" bg={c} opacity={0.7} />
          ))}
        </Flex>
      );
  }
}

export interface MapLegendProps {
  title: string;
  items: readonly MapLegendItem[];
  /** Heading of the layer rows, shown when there are layers. */
  layersTitle?: string;
}

/** Wider than this, the legend starts open (Chakra's `md`). */
const WIDE = "(min-width: 48em)";

export function MapLegend({ title, items, layersTitle }: MapLegendProps) {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (details.current && window.matchMedia?.(WIDE).matches) details.current.open = true;
  }, []);
  if (items.length === 0) return null;
  const records = items.filter((i) => i.swatch === "cluster" || i.swatch === "point");
  const layers = items.filter((i) => !records.includes(i));
  const row = (item: MapLegendItem) => (
    <Flex as="li" key={item.key} align="center" gap={2} listStyleType="none" minW={0}>
      <Swatch swatch={item.swatch} colors={item.colors} />
      <Box as="span" overflowWrap="anywhere">
        {item.label}
      </Box>
    </Flex>
  );
  return (
    <Box
      as="details"
      ref={details}
      data-testid="map-legend"
      position="absolute"
      bottom={2}
      left={2}
      zIndex={2}
      maxW="16rem"
      bg="white"
      borderRadius="md"
      boxShadow="md"
      fontSize="sm"
      css={{ "& > summary": { cursor: "pointer", fontWeight: 600, padding: "0.35rem 0.6rem", minHeight: "24px" } }}
    >
      <summary>{title}</summary>
      <Box px={3} pb={2}>
        {records.length > 0 ? (
          <Box as="ul" m={0} p={0} display="grid" gap={1}>
            {records.map(row)}
          </Box>
        ) : null}
        {layers.length > 0 ? (
          <>
            {layersTitle ? (
              <Box fontWeight="600" mt={records.length > 0 ? 2 : 0} mb={1}>
                {layersTitle}
              </Box>
            ) : null}
            <Box as="ul" m={0} p={0} display="grid" gap={1}>
              {layers.map(row)}
            </Box>
          </>
        ) : null}
      </Box>
    </Box>
  );
}
