import { Box, Button, HStack, Text } from "@chakra-ui/react";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useState } from "react";
import type { FileValue } from "@/contracts/cca-data";
import { cropUrl, fileName, mediaKind } from "./data-values";

const LICENSE_KEYS = ["unspecified", "public_domain", "by", "by_sa", "by_nd", "by_nc", "by_nc_sa", "by_nc_nd"];

/** `CC_BY_SA` (the platform's licence names, src/shared/licenses.ts) → `by_sa`; null for another name. */
export function licenseKey(name: string): string | null {
  const key = name.trim().toLowerCase().replace(/^cc_/, "").replace(/-/g, "_");
  return LICENSE_KEYS.includes(key) ? key : null;
}

function licenseUrl(key: string): string | null {
  if (key === "unspecified") return null;
  if (key === "public_domain") return "https://creativecommons.org/publicdomain/zero/1.0/";
  return `https://creativecommons.org/licenses/${key.replace(/_/g, "-")}/4.0/`;
}

/** A licence name as files store it (`CC_BY`) → its translated name and text address. */
export function useLicense(name: string | undefined): { label: string; url: string | null } | null {
  const { t } = useTranslation();
  if (!name) return null;
  const key = licenseKey(name);
  return key ? { label: t(`data:license_names.${key}`), url: licenseUrl(key) } : { label: name, url: null };
}

export function FileCredit({ file }: { file: FileValue }) {
  const { t } = useTranslation();
  const license = useLicense(file.license);
  return (
    <>
      <Text fontSize="sm">
        {t("data:show.attribution")}: {file.attribution?.trim() || t("data:show.not_available")}
      </Text>
      <Text fontSize="sm">
        {t("data:show.license")}:{" "}
        {license ? (
          license.url ? (
            <a href={license.url} rel="license noopener noreferrer" target="_blank">
              {license.label}
            </a>
          ) : (
            license.label
          )
        ) : (
          t("data:show.not_available")
        )}
      </Text>
    </>
  );
}

function Slide({ file, label }: { file: FileValue; label: string }) {
  const { t } = useTranslation();
  const kind = mediaKind(file);
  // eslint-disable-next-line @next/next/no-img-element -- files-api crops; images.unoptimized is on, so next/image would only add weight
  if (kind === "image") return <img src={cropUrl(file.path, 416)} alt={label} style={{ maxHeight: "26rem", maxWidth: "100%", margin: "0 auto", objectFit: "contain" }} />;
  if (kind === "video")
    return (
      <video controls preload="metadata" src={file.path} style={{ maxHeight: "26rem", width: "100%" }} aria-label={label}>
        {t("data:show.media_fallback")}
      </video>
    );
  if (kind === "audio")
    return (
      <Box p={8} w="full">
        <audio controls preload="none" src={file.path} style={{ width: "100%" }} aria-label={label}>
          {t("data:show.media_fallback")}
        </audio>
      </Box>
    );
  return (
    <Text p={8} color="white">
      {t("data:show.unsupported")}
    </Text>
  );
}

/** The record's photos, videos and sound: one at a time, previous/next and indicators, credits shown. */
export function MediaCarousel({ files, title }: { files: FileValue[]; title: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const id = useId();
  const file = files[index]!;
  const total = files.length;
  const go = (next: number) => setIndex(Math.max(0, Math.min(total - 1, next)));
  const slideLabel = t("data:show.slide", { n: index + 1, total });
  return (
    <Box
      as="section"
      aria-roledescription="carousel"
      aria-label={t("data:show.media_label")}
      bg="gray.900"
      color="white"
      borderRadius="md"
      overflow="hidden"
      onKeyDown={(e) => {
        if (e.key === "ArrowLeft") go(index - 1);
        else if (e.key === "ArrowRight") go(index + 1);
      }}
    >
      <Box id={`${id}-slide`} role="group" aria-roledescription="slide" aria-label={slideLabel} minH="16rem" display="flex" alignItems="center" justifyContent="center" bg="black">
        <Slide file={file} label={`${title} – ${fileName(file.path)}`} />
      </Box>
      <Box px={4} py={3} className="cca-ds-credit">
        <FileCredit file={file} />
        <a href={file.path} target="_blank" rel="noopener noreferrer" style={{ fontSize: "0.875rem", textDecoration: "underline" }}>
          {t("data:show.open_file")}
        </a>
      </Box>
      {total > 1 ? (
        <HStack justify="space-between" px={4} pb={3} className="cca-no-print">
          <Button size="sm" variant="subtle" onClick={() => go(index - 1)} disabled={index === 0} aria-controls={`${id}-slide`}>
            {t("data:show.previous")}
          </Button>
          <HStack as="ul" listStyleType="none" gap={1} m={0} p={0}>
            {files.map((f, i) => (
              <li key={f.path}>
                <button
                  type="button"
                  aria-label={t("data:show.go_to", { n: i + 1 })}
                  aria-current={i === index ? "true" : undefined}
                  aria-controls={`${id}-slide`}
                  onClick={() => setIndex(i)}
                  style={{ width: 24, height: 24, display: "flex", alignItems: "center", justifyContent: "center", cursor: "pointer", background: "none", border: 0 }}
                >
                  <span style={{ width: 10, height: 10, borderRadius: "50%", background: i === index ? "white" : "rgba(255,255,255,0.45)" }} />
                </button>
              </li>
            ))}
          </HStack>
          <Button size="sm" variant="subtle" onClick={() => go(index + 1)} disabled={index === total - 1} aria-controls={`${id}-slide`}>
            {t("data:show.next")}
          </Button>
        </HStack>
      ) : null}
      <Text className="cca-sr-only" aria-live="polite">
        {slideLabel}
      </Text>
    </Box>
  );
}
