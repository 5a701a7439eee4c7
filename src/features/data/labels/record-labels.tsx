import { Box, Button, Heading, Text } from "@chakra-ui/react";
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import type { RecordLabel } from "@/contracts/local-contexts";
import { useSession } from "@/components/auth/session-context";
import { LazyFailure } from "@/components/ui/lazy-fallback";
import { ApiError } from "@/lib/api/api-error";
import { getBrowserClient } from "@/lib/api/client";
import { fetchRecordConsent } from "@/lib/api/consent";
import useTranslation from "@/lib/i18n/use-translation";
import { bus } from "@/lib/events/bus";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";
import { LabelBadges } from "@/components/labels/label-badges";
import { HubSync } from "./hub-sync";
import { fetchRecordLabels, saveRecordLabels } from "./record-labels-api";

// The editing dialog loads when first opened, not with the labels.
const LabelsDialog = dynamic(() => import("@/components/labels/labels-dialog"), { ssr: false, loading: LazyFailure });

export interface RecordLabelsProps {
  recordId: number;
  /** The record's title, for the dialog. */
  title: string;
}

type LabelsState = { status: "loading" } | { status: "hidden" } | { status: "error" } | { status: "ready"; labels: RecordLabel[] };

export interface RecordLabelsViewProps {
  labels: readonly RecordLabel[];
  /** The record's keepers may edit them. */
  canEdit: boolean;
  onEdit: () => void;
}

/** Under the record's title: its labels, and "Edit labels" for its keepers (nothing when it has none and the visitor may not add any). */
export function RecordLabelsView({ labels, canEdit, onEdit }: RecordLabelsViewProps) {
  const { t } = useTranslation();
  if (labels.length === 0 && !canEdit) return null;
  return (
    <Box as="section" aria-labelledby="record-labels-title" mb={4} data-testid="record-labels">
      <Heading as="h2" size="sm" mb={2} id="record-labels-title">
        {t("governance:labels.title")}
      </Heading>
      {labels.length > 0 ? <LabelBadges labels={labels} /> : <Text fontSize="sm">{t("governance:labels.none")}</Text>}
      {canEdit ? (
        <Button size="sm" variant="outline" colorPalette="teal" mt={2} onClick={onEdit} className="cca-no-print">
          {t("governance:labels.edit")}
        </Button>
      ) : null}
    </Box>
  );
}

/**
 * The record page's labels, loaded after the page for every visitor (`GET data/labels/{id}`); a signed-in
 * visitor for whom `GET data/consent/{id}` answers is one of the record's keepers and may edit them.
 */
export default function RecordLabels({ recordId, title }: RecordLabelsProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const refreshAfterWrite = useRefreshAfterWrite();
  const [state, setState] = useState<LabelsState>({ status: "loading" });
  const [canEdit, setCanEdit] = useState(false);
  const [editing, setEditing] = useState(false);
  const signedIn = user !== null;

  useEffect(() => {
    let live = true;
    const client = getBrowserClient();
    fetchRecordLabels(client, recordId).then(
      (labels) => {
        if (live) setState({ status: "ready", labels });
      },
      (error: unknown) => {
        if (!live) return;
        const { status } = ApiError.from(error);
        setState(status === 401 || status === 403 || status === 404 ? { status: "hidden" } : { status: "error" });
      },
    );
    if (signedIn) {
      // The keepers are those who may read the record's consent.
      fetchRecordConsent(client, recordId).then(
        () => {
          if (live) setCanEdit(true);
        },
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [recordId, signedIn]);

  if (state.status === "loading" || state.status === "hidden") return null;
  if (state.status === "error") {
    return (
      <Text className="cca-no-print" color="red.700" mb={4} role="alert">
        {t("governance:labels.load_error")}
      </Text>
    );
  }
  return (
    <>
      <RecordLabelsView labels={state.labels} canEdit={canEdit && signedIn} onEdit={() => setEditing(true)} />
      {canEdit && signedIn ? (
        <HubSync
          recordId={recordId}
          onSynced={(labels) => {
            setState({ status: "ready", labels });
            bus.emit("record_labels_changed", { recordId });
            void refreshAfterWrite({ page: true });
          }}
        />
      ) : null}
      {editing ? (
        <LabelsDialog
          title={title}
          save={(input) => saveRecordLabels(getBrowserClient(), recordId, input)}
          labels={state.labels}
          onClose={(saved) => {
            setEditing(false);
            if (saved) {
              setState({ status: "ready", labels: saved });
              bus.emit("record_labels_changed", { recordId });
              // The record's history gained the change.
              void refreshAfterWrite({ page: true });
            }
          }}
        />
      ) : null}
    </>
  );
}
