import { Box, Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import { Input } from "@/components/ui/chakra/input";
import { NativeSelect } from "@/components/ui/chakra/native-select";
import { Textarea } from "@/components/ui/chakra/textarea";
import dynamic from "next/dynamic";
import Head from "next/head";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useState, type ReactNode } from "react";
import { ValidationError } from "yup";
import type { LayoutData, LayoutOptions } from "@/contracts/layout";
import { notify } from "@/components/ui/toaster";
import { layerMetadataSchema } from "@/contracts/layer.schema";
import { DOWNLOAD_ACCESS, LAYER_TYPES, LAYER_UPLOAD_MAX_BYTES, type DownloadAccess, type LayerPreview } from "@/contracts/naksha-layer";
import { ApiError } from "@/lib/api/api-error";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { apiErrorMessage, translateMessage } from "@/lib/api/error-message";
import { previewLayer, uploadLayer } from "@/lib/api/naksha";
import { groupHref } from "@/lib/group-link";
import { LICENSE_LIST } from "@/shared/licenses";
import { mapQuery } from "./map-url";

// MapLibre loads only once the files are read (first-load JS budget).
const LayerPreviewMap = dynamic(() => import("./layer-preview-map"), {
  ssr: false,
  loading: () => <Box h={{ base: "16rem", md: "20rem" }} bg="gray.100" borderRadius="md" aria-busy="true" />,
});

/** Degrees with 4 decimals (about 10 m), in the visitor's number format. */
const degrees = (lang: string, n: number) => n.toLocaleString(lang, { minimumFractionDigits: 4, maximumFractionDigits: 4 });

const ACCEPT = ".zip,.kmz,.shp,.shx,.dbf,.prj,.cpg,.sbn,.sbx,.xml,.qix,.geojson,.json,.kml,.tif,.tiff,.sld";

function Field({ id, label, error, children, help }: { id: string; label: string; error?: string; help?: string; children: ReactNode }) {
  return (
    <Box>
      <label htmlFor={id}>
        <Text as="span" fontWeight="medium" fontSize="sm">
          {label}
        </Text>
      </label>
      {children}
      {help ? (
        <Text fontSize="xs" color="gray.700" id={`${id}-help`}>
          {help}
        </Text>
      ) : null}
      {error ? (
        <Text fontSize="sm" color="red.700" id={`${id}-error`} role="alert">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

interface Form {
  layerName: string;
  layerDescription: string;
  attribution: string;
  license: string;
  tags: string;
  titleColumn: string;
  summaryColumns: string[];
  colorBy: string;
  layerType: string;
  downloadAccess: DownloadAccess;
}

/** The field errors (translation keys) the layer contract finds in the metadata before it is sent; the platform checks it again. */
async function metadataErrors(metadata: Record<string, unknown>): Promise<Record<string, string>> {
  try {
    await layerMetadataSchema.validate(metadata, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Record<string, string> = {};
    for (const item of error.inner.length > 0 ? error.inner : [error]) errors[item.path || "form"] ??= item.message;
    return errors;
  }
}

const EMPTY: Form = { layerName: "", layerDescription: "", attribution: "", license: "UNSPECIFIED", tags: "", titleColumn: "", summaryColumns: [], colorBy: "", layerType: "", downloadAccess: "ALL" };

function MapCreateView({ layout }: { layout: LayoutData }) {
  const { t, lang } = useTranslation();
  const router = useRouter();
  const id = useId();
  const [readCount, setReadCount] = useState(0);
  const [files, setFiles] = useState<File[]>([]);
  const [preview, setPreview] = useState<LayerPreview | null>(null);
  const [reading, setReading] = useState(false);
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const failure = (error: unknown) => {
    const api = ApiError.from(error);
    const fieldErrors = Object.fromEntries(Object.entries(api.fieldErrors ?? {}).map(([k, v]) => [k, translateMessage(t, v) ?? v]));
    setErrors(fieldErrors);
    // In the visitor's language: the platform's field error, else a sentence for the status.
    const reason = api.status === 413 ? t("map:errors.too_large", { max: LAYER_UPLOAD_MAX_BYTES / 1024 / 1024 }) : apiErrorMessage(t, error);
    notify.error(t("map:create.upload_error"), fieldErrors.files ?? reason);
  };

  const read = async () => {
    setReading(true);
    setErrors({});
    try {
      const answer = await previewLayer(await loadBrowserClient(), files);
      setPreview(answer);
      setReadCount((n) => n + 1);
      setForm((f) => ({ ...f, layerType: answer.layerType, titleColumn: "", summaryColumns: [], colorBy: "" }));
    } catch (error) {
      setPreview(null);
      failure(error);
    } finally {
      setReading(false);
    }
  };

  const save = async () => {
    const metadata = {
      ...form,
      summaryColumns: form.summaryColumns.join(","),
      layerFileDescription: { fileType: preview?.kind === "RASTER" ? "tif" : "shp", encoding: "UTF-8" },
      editAccess: "ALL",
    };
    const invalid = Object.fromEntries(Object.entries(await metadataErrors(metadata)).map(([k, v]) => [k, translateMessage(t, v) ?? v]));
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) {
      notify.error(t("map:create.upload_error"), Object.values(invalid)[0]);
      return;
    }
    setProgress(0);
    try {
      const layer = await uploadLayer(
        await loadBrowserClient(),
        metadata,
        files,
        (fraction) => setProgress(Math.round(fraction * 100)),
      );
      notify.success(t("map:create.upload_success"));
      await router.push({ pathname: groupHref(layout.currentGroup.linkPrefix, "/map"), query: mapQuery({ layers: [layer.name], view: null }) });
    } catch (error) {
      failure(error);
    } finally {
      setProgress(null);
    }
  };

  const columns = preview?.columns ?? [];
  const described = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <>
      <Head>
        <title>{t("map:create.title")}</title>
      </Head>
      <Container maxW="3xl" py={{ base: 4, md: 8 }}>
        <PageTitle mb={2}>
          {t("map:create.title")}
        </PageTitle>
        <Text mb={6}>{t("map:create.intro")}</Text>
        <Stack gap={4}>
          <Field id={`${id}-files`} label={t("map:create.files")} help={t("map:create.files_help")} error={errors.files}>
            <input
              id={`${id}-files`}
              type="file"
              multiple
              accept={ACCEPT}
              aria-describedby={`${id}-files-help`}
              onChange={(e) => {
                setFiles(Array.from(e.target.files ?? []));
                setPreview(null);
              }}
              style={{ display: "block", marginBlock: "0.25rem" }}
            />
          </Field>
          <Box>
            <Button onClick={() => void read()} disabled={files.length === 0} loading={reading} loadingText={t("map:create.reading")} colorPalette="teal" variant="outline">
              {t("map:create.read")}
            </Button>
          </Box>

          {preview ? (
            <Box as="section" aria-labelledby={`${id}-preview`} borderWidth="1px" borderRadius="md" p={3}>
              <Heading as="h2" size="md" id={`${id}-preview`}>
                {t("map:create.preview")}
              </Heading>
              <Text fontSize="sm" mb={2}>
                {preview.kind === "RASTER" ? t("map:create.raster_summary") : t("map:create.preview_summary", { count: preview.featureCount, columns: columns.length })}
              </Text>
              <Box as="dl" fontSize="sm" mb={2} data-testid="preview-facts">
                <Text as="dt" fontWeight="medium">
                  {t("map:create.bounds")}
                </Text>
                <Text as="dd" ms={4}>
                  {t("map:create.bounds_value", {
                    west: degrees(lang, preview.bbox[0]),
                    south: degrees(lang, preview.bbox[1]),
                    east: degrees(lang, preview.bbox[2]),
                    north: degrees(lang, preview.bbox[3]),
                  })}
                </Text>
                {columns.length > 0 ? (
                  <>
                    <Text as="dt" fontWeight="medium">
                      {t("map:create.columns")}
                    </Text>
                    <Text as="dd" ms={4}>
                      {columns.map((c) => `${c.name} (${t(`map:create.column_types.${c.type}`)})`).join(", ")}
                    </Text>
                  </>
                ) : null}
              </Box>
              <LayerPreviewMap key={readCount} preview={preview} />
              {preview.kind === "VECTOR" && preview.shapesShown < preview.featureCount ? (
                <Text fontSize="xs" color="gray.700" mt={1}>
                  {t("map:create.shapes_partial", { shown: preview.shapesShown, count: preview.featureCount })}
                </Text>
              ) : null}
              {preview.rows.length > 0 ? (
                <Box overflowX="auto" maxH="16rem" overflowY="auto" tabIndex={0} aria-label={t("map:create.preview")}>
                  <table style={{ borderCollapse: "collapse", fontSize: "0.8rem" }}>
                    <thead>
                      <tr>
                        {columns.map((c) => (
                          <th key={c.name} scope="col" style={{ textAlign: "start", padding: "2px 8px", borderBottom: "1px solid #ccc" }}>
                            {c.name}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {preview.rows.map((row, i) => (
                        <tr key={i}>
                          {columns.map((c) => (
                            <td key={c.name} style={{ padding: "2px 8px", borderBottom: "1px solid #eee" }}>
                              {row[c.name] === null || row[c.name] === undefined ? "" : String(row[c.name])}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </Box>
              ) : null}
            </Box>
          ) : null}

          {preview ? (
            <Stack
              as="form"
              gap={4}
              onSubmit={(e) => {
                e.preventDefault();
                void save();
              }}
            >
              <Field id={`${id}-layerName`} label={t("map:create.name")} error={errors.layerName}>
                <Input id={`${id}-layerName`} required value={form.layerName} onChange={(e) => set("layerName", e.target.value)} aria-describedby={described("layerName")} />
              </Field>
              <Field id={`${id}-description`} label={t("map:create.description")} error={errors.layerDescription}>
                <Textarea id={`${id}-description`} value={form.layerDescription} onChange={(e) => set("layerDescription", e.target.value)} />
              </Field>
              <Field id={`${id}-attribution`} label={t("map:create.attribution")} error={errors.attribution}>
                <Input id={`${id}-attribution`} value={form.attribution} onChange={(e) => set("attribution", e.target.value)} />
              </Field>
              <Field id={`${id}-license`} label={t("map:create.license")} error={errors.license}>
                <NativeSelect.Root>
                  <NativeSelect.Field id={`${id}-license`} value={form.license} onChange={(e) => set("license", e.target.value)}>
                    {LICENSE_LIST.map((l) => (
                      <option key={l.id} value={l.name}>
                        {t(`page:license_names.${l.key}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field>
              <Field id={`${id}-tags`} label={t("map:create.tags")} error={errors.tags}>
                <Input id={`${id}-tags`} value={form.tags} onChange={(e) => set("tags", e.target.value)} />
              </Field>
              {preview.kind === "VECTOR" ? (
                <>
                  <Field id={`${id}-title`} label={t("map:create.title_column")} error={errors.titleColumn}>
                    <NativeSelect.Root>
                      <NativeSelect.Field id={`${id}-title`} value={form.titleColumn} onChange={(e) => set("titleColumn", e.target.value)}>
                        <option value="">{t("map:create.none")}</option>
                        {columns.map((c) => (
                          <option key={c.name} value={c.name}>
                            {c.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field>
                  <Box as="fieldset" border={0} p={0} m={0}>
                    <Text as="legend" fontWeight="medium" fontSize="sm">
                      {t("map:create.summary_columns")}
                    </Text>
                    {columns.map((c) => (
                      <label key={c.name} style={{ display: "flex", gap: "0.5rem", alignItems: "center", fontSize: "0.9rem" }}>
                        <input
                          type="checkbox"
                          checked={form.summaryColumns.includes(c.name)}
                          onChange={() => set("summaryColumns", form.summaryColumns.includes(c.name) ? form.summaryColumns.filter((s) => s !== c.name) : [...form.summaryColumns, c.name])}
                        />
                        {c.name}
                      </label>
                    ))}
                    {errors.summaryColumns ? (
                      <Text fontSize="sm" color="red.700" role="alert">
                        {errors.summaryColumns}
                      </Text>
                    ) : null}
                  </Box>
                  <Field id={`${id}-color`} label={t("map:create.color_by")} error={errors.colorBy}>
                    <NativeSelect.Root>
                      <NativeSelect.Field id={`${id}-color`} value={form.colorBy} onChange={(e) => set("colorBy", e.target.value)}>
                        <option value="">{t("map:create.none")}</option>
                        {columns.map((c) => (
                          <option key={c.name} value={c.name}>
                            {c.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field>
                </>
              ) : null}
              <Field id={`${id}-type`} label={t("map:create.layer_type")} error={errors.layerType}>
                <NativeSelect.Root>
                  <NativeSelect.Field id={`${id}-type`} value={form.layerType} onChange={(e) => set("layerType", e.target.value)}>
                    {LAYER_TYPES.filter((type) => (preview.kind === "RASTER") === (type === "RASTER")).map((type) => (
                      <option key={type} value={type}>
                        {t(`map:create.types.${type}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field>
              <Field id={`${id}-access`} label={t("map:create.download_access")} help={t("map:create.download_access_help")} error={errors.downloadAccess}>
                <NativeSelect.Root>
                  <NativeSelect.Field id={`${id}-access`} aria-describedby={`${id}-access-help`} value={form.downloadAccess} onChange={(e) => set("downloadAccess", e.target.value as DownloadAccess)}>
                    {DOWNLOAD_ACCESS.map((a) => (
                      <option key={a} value={a}>
                        {t(`map:create.access.${a}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field>
              <Box>
                <Button type="submit" colorPalette="teal" loading={progress !== null} loadingText={t("map:create.saving", { percent: progress ?? 0 })}>
                  {t("map:create.save")}
                </Button>
              </Box>
            </Stack>
          ) : null}
        </Stack>
      </Container>
    </>
  );
}

const layoutOptions: LayoutOptions = { footer: false };

/** /map/create (administrators): read the layer's files, pick its columns and metadata, upload it unpublished. */
export const MapCreateScreen = Object.assign(MapCreateView, { layoutOptions });
