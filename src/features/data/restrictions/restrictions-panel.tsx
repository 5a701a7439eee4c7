import { Box, Button, Heading, Text } from "@chakra-ui/react";
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import type { RecordRestrictionsView } from "@/contracts/restrictions";
import { LazyFailure } from "@/components/ui/lazy-fallback";
import { getBrowserClient } from "@/lib/api/client";
import { bus } from "@/lib/events/bus";
import { fetchRecordRestrictions } from "@/lib/api/restrictions";
import useTranslation from "@/lib/i18n/use-translation";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";
import { reasonText, treatmentText } from "./restrictions-notice";

// The dialog loads when first opened, not with the panel.
const RestrictionsDialog = dynamic(() => import("./restrictions-dialog"), { ssr: false, loading: LazyFailure });

/** The treatments in force as lines: the whole record first, then each field. */
export function RestrictionsSummary({ view }: { view: RecordRestrictionsView }) {
  const { t, lang } = useTranslation();
  const names = new Map(view.fields.map((f) => [f.fieldId, f.name]));
  const lines: string[] = [];
  if (view.effective.record) lines.push(t("governance:restrictions.record_line", { treatment: treatmentText(view.effective.record, t, lang), reason: reasonText(view.effective.record, t) }));
  for (const [fieldId, r] of Object.entries(view.effective.fields))
    lines.push(t("governance:restrictions.field_line", { field: names.get(fieldId) ?? fieldId, treatment: treatmentText(r, t, lang), reason: reasonText(r, t) }));
  if (lines.length === 0) return <Text>{t("governance:restrictions.none")}</Text>;
  return (
    <Box as="ul" ps={5} m={0} data-testid="restrictions-lines">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </Box>
  );
}

type PanelState = { status: "loading" } | { status: "hidden" } | { status: "ready"; view: RecordRestrictionsView };

/**
 * The record page's restrictions panel (issue 30, item 2), loaded for signed-in visitors: shown to the
 * record's curators when `GET data/restrictions/{id}` answers; nothing for everyone else (403, 404).
 */
export default function RestrictionsPanel({ recordId, title }: { recordId: number; title: string }) {
  const { t, lang } = useTranslation();
  const refreshAfterWrite = useRefreshAfterWrite();
  const [state, setState] = useState<PanelState>({ status: "loading" });
  const [open, setOpen] = useState(false);

  const [version, setVersion] = useState(0);
  // A label change may add or lift treatments: read them again.
  useEffect(() => {
    const onLabels = ({ recordId: changed }: { recordId: number }) => changed === recordId && setVersion((v) => v + 1);
    bus.on("record_labels_changed", onLabels);
    return () => bus.off("record_labels_changed", onLabels);
  }, [recordId]);

  useEffect(() => {
    let live = true;
    fetchRecordRestrictions(getBrowserClient(), recordId, lang).then(
      (view) => live && setState({ status: "ready", view }),
      () => live && setState({ status: "hidden" }),
    );
    return () => {
      live = false;
    };
  }, [recordId, lang, version]);

  if (state.status !== "ready") return null;
  return (
    <Box as="section" aria-labelledby="restrictions-title" className="cca-ds-section cca-no-print" data-testid="restrictions-panel">
      <Heading as="h2" size="lg" mb={3} id="restrictions-title">
        {t("governance:restrictions.title")}
      </Heading>
      <Text fontSize="sm" color="gray.700" mb={3}>
        {t("governance:restrictions.help")}
      </Text>
      <RestrictionsSummary view={state.view} />
      <Button size="sm" colorPalette="teal" mt={4} onClick={() => setOpen(true)}>
        {t("governance:restrictions.edit")}
      </Button>
      {open ? (
        <RestrictionsDialog
          recordId={recordId}
          title={title}
          view={state.view}
          onClose={(saved) => {
            setOpen(false);
            if (saved) {
              setState({ status: "ready", view: saved });
              void refreshAfterWrite({ page: true });
            }
          }}
        />
      ) : null}
    </Box>
  );
}
