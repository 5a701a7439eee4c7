import { Box, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { InputBox } from "@/components/ui/chakra/input";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toaster";
import { LazyNamespaces } from "@/lib/i18n/lazy-namespaces";
import useTranslation from "@/lib/i18n/use-translation";

export interface OpenInGisDialogProps {
  onClose: () => void;
}

/** The OGC API address on this origin (a group's own domain or the site). */
export function ogcAddress(origin: string): string {
  return `${origin.replace(/\/+$/, "")}/ogc`;
}

function Body({ onClose }: OpenInGisDialogProps) {
  const { t } = useTranslation();
  // Rendered in the browser only (next/dynamic, ssr: false): the origin is known at once.
  const [url] = useState(() => (typeof window === "undefined" ? "" : ogcAddress(window.location.origin)));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t("ogc:dialog.copied"));
    } catch {
      notify.error(t("ogc:dialog.copy_failed"));
    }
  };
  return (
    <Modal open onClose={onClose} title={t("ogc:dialog.title")} description={t("ogc:dialog.description")}>
      <Stack gap={3}>
        <Box>
          <label htmlFor="ogc-url">
            <Text as="span" fontWeight="medium" fontSize="sm">
              {t("ogc:dialog.url_label")}
            </Text>
          </label>
          <HStack gap={2} mt={1}>
            <InputBox id="ogc-url" type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} data-testid="ogc-url" size="sm" />
            <button type="button" className="cca-btn cca-btn--solid" onClick={() => void copy()} disabled={!url}>
              {t("ogc:dialog.copy")}
            </button>
          </HStack>
        </Box>
        <Box>
          <Heading as="h3" size="sm">
            {t("ogc:dialog.qgis_title")}
          </Heading>
          <Box as="ol" ps={5}>
            <li>{t("ogc:dialog.qgis_1")}</li>
            <li>{t("ogc:dialog.qgis_2")}</li>
            <li>{t("ogc:dialog.qgis_3")}</li>
          </Box>
        </Box>
        <Box>
          <Heading as="h3" size="sm">
            {t("ogc:dialog.arcgis_title")}
          </Heading>
          <Box as="ol" ps={5}>
            <li>{t("ogc:dialog.arcgis_1")}</li>
            <li>{t("ogc:dialog.arcgis_2")}</li>
          </Box>
        </Box>
        <Text fontSize="sm">{t("ogc:dialog.public_only")}</Text>
        <Text fontSize="sm">
          <a href={url ? `${url}?f=html` : "/ogc?f=html"} target="_blank" rel="noreferrer">
            {t("ogc:dialog.browse")}
          </a>
        </Text>
      </Stack>
    </Modal>
  );
}

/** "Open in QGIS" dialog (issue 31): loaded with next/dynamic on first open, with its own translations. */
export default function OpenInGisDialog(props: OpenInGisDialogProps) {
  return (
    <LazyNamespaces namespaces={["ogc"]}>
      <Body {...props} />
    </LazyNamespaces>
  );
}
