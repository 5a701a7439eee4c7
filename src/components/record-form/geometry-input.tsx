import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { NativeSelect } from "@/components/ui/chakra/native-select";
import { Textarea } from "@/components/ui/chakra/textarea";
import dynamic from "next/dynamic";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import type { GeoFeatureCollection } from "@/contracts/cca-data";
import { checkGeometry } from "@/contracts/record-rules";
import { translateMessage } from "@/lib/api/error-message";
import { cornerCount } from "./geometry-edit";
import { browserParseXml, featureFromText, GeometryParseError, parseGeoJson, parseGeometryFile, type GeometryKind } from "./geometry-parse";

interface GeometryInputProps {
  id: string;
  value: GeoFeatureCollection;
  onChange: (value: GeoFeatureCollection) => void;
  describedBy?: string;
  invalid?: boolean;
  /** The state chosen in the form's state field (its stored name and its label), for the map to zoom to. */
  state?: { name: string; label: string } | null;
}

/** MapLibre loads only when a form has a geometry field, in the browser. */
const GeometryMap = dynamic(() => import("./geometry-map").then((m) => m.GeometryMap), {
  ssr: false,
  loading: () => <Box h="22rem" borderWidth="1px" borderRadius="md" aria-busy="true" />,
});

/**
 * Shapes without a pointer: typed "lat, lon" lines (point, line or polygon), pasted GeoJSON, or an
 * imported GeoJSON / KML / GPX file; each added shape is listed and can be removed.
 */
export function GeometryInput({ id, value, onChange, describedBy, invalid, state = null }: GeometryInputProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<GeometryKind>("Polygon");
  const [text, setText] = useState("");
  const [json, setJson] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const features = value?.features ?? [];

  const fail = (error: unknown) => {
    if (error instanceof GeometryParseError) setProblem(t(error.key, error.values));
    else setProblem(t("template:participate.geometry.file"));
  };
  const add = (more: GeoFeatureCollection["features"]) => {
    const next: GeoFeatureCollection = { type: "FeatureCollection", features: [...features, ...more] };
    const error = checkGeometry(next);
    if (error) {
      setProblem(translateMessage(t, error) ?? null);
      return false;
    }
    setProblem(null);
    onChange(next);
    return true;
  };
  const replace = (index: number, feature: GeoFeatureCollection["features"][number]) => {
    const next: GeoFeatureCollection = { type: "FeatureCollection", features: features.map((f, i) => (i === index ? feature : f)) };
    const error = checkGeometry(next);
    if (error) {
      setProblem(translateMessage(t, error) ?? null);
      return false;
    }
    setProblem(null);
    onChange(next);
    return true;
  };
  const describe = (n: number, geometry: GeoFeatureCollection["features"][number]["geometry"]) => {
    const type = geometry?.type ?? "";
    const kind = type.includes("Polygon") ? "polygon" : type.includes("Line") ? "line" : "point";
    return t(`template:participate.geometry.describe_${kind}`, { n, count: cornerCount(geometry) });
  };

  return (
    <Stack gap={3}>
      <Box>
        <Text fontWeight="medium" fontSize="sm">
          {t("template:participate.geometry.features")}
        </Text>
        {features.length === 0 ? (
          <Text fontSize="sm" color="gray.700">
            {t("template:participate.geometry.none")}
          </Text>
        ) : (
          <Stack as="ul" gap={1} listStyleType="none" data-testid="geometry-features">
            {features.map((f, i) => (
              <HStack as="li" key={i} gap={2}>
                <Text fontSize="sm">{describe(i + 1, f.geometry)}</Text>
                <Button size="xs" variant="ghost" aria-pressed={editing === i} onClick={() => setEditing(editing === i ? null : i)}>
                  {t("template:participate.geometry.edit_shape", { n: i + 1 })}
                </Button>
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => {
                    setEditing(null);
                    onChange({ type: "FeatureCollection", features: features.filter((_, j) => j !== i) });
                  }}
                >
                  {t("template:participate.geometry.remove", { n: i + 1 })}
                </Button>
              </HStack>
            ))}
          </Stack>
        )}
      </Box>
      <HStack gap={3} align="flex-end" wrap="wrap">
        <Box minW="10rem">
          <label htmlFor={`${id}-kind`}>{t("template:participate.geometry.kind")}</label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as GeometryKind)}>
              <option value="Point">{t("template:participate.geometry.point")}</option>
              <option value="LineString">{t("template:participate.geometry.line")}</option>
              <option value="Polygon">{t("template:participate.geometry.polygon")}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
      </HStack>
      <Box>
        <Text fontWeight="medium" fontSize="sm" mb={1}>
          {t("template:participate.geometry.draw")}
        </Text>
        <GeometryMap kind={kind} value={value} onAdd={(f) => add([f])} onReplace={replace} editing={editing} onEdit={setEditing} state={state} />
      </Box>
      <Box>
        <label htmlFor={id}>{t("template:participate.geometry.coordinates")}</label>
        <Text id={`${id}-coords-help`} fontSize="sm" color="gray.700">
          {t("template:participate.geometry.coordinates_help")}
        </Text>
        <Textarea
          id={id}
          rows={4}
          fontFamily="mono"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={[`${id}-coords-help`, describedBy].filter(Boolean).join(" ")}
          aria-invalid={invalid || undefined}
        />
        <Button
          mt={2}
          size="sm"
          variant="outline"
          onClick={() => {
            try {
              if (add([featureFromText(kind, text)])) setText("");
            } catch (error) {
              fail(error);
            }
          }}
        >
          {t("template:participate.geometry.add")}
        </Button>
      </Box>
      <Box>
        <label htmlFor={`${id}-json`}>{t("template:participate.geometry.paste")}</label>
        <Textarea id={`${id}-json`} rows={3} fontFamily="mono" value={json} onChange={(e) => setJson(e.target.value)} />
        <Button
          mt={2}
          size="sm"
          variant="outline"
          onClick={() => {
            try {
              if (add(parseGeoJson(json).features)) setJson("");
            } catch (error) {
              fail(error);
            }
          }}
        >
          {t("template:participate.geometry.paste_add")}
        </Button>
      </Box>
      <Box>
        <label htmlFor={`${id}-file`}>{t("template:participate.geometry.import")}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".geojson,.json,.kml,.gpx,application/geo+json,application/vnd.google-earth.kml+xml,application/gpx+xml"
          style={{ display: "block", marginTop: 4 }}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (!file) return;
            try {
              add(parseGeometryFile(file.name, await file.text(), browserParseXml).features);
            } catch (error) {
              fail(error);
            }
          }}
        />
      </Box>
      {problem ? (
        <Text color="red.700" fontSize="sm" role="alert" data-testid="geometry-problem">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
