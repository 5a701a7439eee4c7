import { Box, Button, Heading, Text } from "@chakra-ui/react";
import dynamic from "next/dynamic";
import { useEffect, useId, useState } from "react";
import type { RecordLabel, RecordLabelsInput } from "@/contracts/local-contexts";
import { LazyFailure } from "@/components/ui/lazy-fallback";
import { ApiError } from "@/lib/api/api-error";
import { LazyNamespaces } from "@/lib/i18n/lazy-namespaces";
import useTranslation from "@/lib/i18n/use-translation";
import { LabelBadges } from "./label-badges";

// The editing dialog loads when first opened, not with the labels.
const LabelsDialog = dynamic(() => import("./labels-dialog"), { ssr: false, loading: LazyFailure });

export interface LabelsPanelProps {
  /** Reads the labels (anyone who may see what carries them); keep it stable (useCallback): a new one loads again. */
  load: () => Promise<RecordLabel[]>;
  /** Saves the complete set (its keepers); answers the labels as stored. */
  save: (input: RecordLabelsInput) => Promise<RecordLabel[]>;
  /** The visitor may change them: shows "Edit labels" (and the section even without labels). */
  canEdit: boolean;
  /** The title of what carries them, for the dialog's heading. */
  title: string;
  /** The dialog's text under its heading. */
  dialogDescription: string;
  /** Said to those who may edit when there are no labels yet. */
  noneText: string;
  /** `data-testid` of the section (its list is `${testId}-list`). */
  testId: string;
  /** After a save (the page may refresh what shows the change). */
  onSaved?: (labels: RecordLabel[]) => void;
}

type PanelState = { status: "loading" } | { status: "hidden" } | { status: "error" } | { status: "ready"; labels: RecordLabel[] };

export interface LabelsSectionProps {
  labels: readonly RecordLabel[];
  canEdit: boolean;
  onEdit: () => void;
  noneText: string;
  testId: string;
}

/** The labels with their heading, and "Edit labels" for those who may change them; nothing when there are none and the visitor may not add any. */
export function LabelsSection({ labels, canEdit, onEdit, noneText, testId }: LabelsSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  if (labels.length === 0 && !canEdit) return null;
  return (
    <Box as="section" aria-labelledby={headingId} data-testid={testId}>
      <Heading as="h2" size="md" mb={2} id={headingId}>
        {t("governance:labels.title")}
      </Heading>
      {labels.length > 0 ? <LabelBadges labels={labels} testId={`${testId}-list`} /> : <Text fontSize="sm">{noneText}</Text>}
      {canEdit ? (
        <Button size="sm" variant="outline" colorPalette="teal" mt={2} onClick={onEdit} className="cca-no-print">
          {t("governance:labels.edit")}
        </Button>
      ) : null}
    </Box>
  );
}

/**
 * Local Contexts labels of a document or a group, loaded after the page for every visitor (`load`), with
 * the editing dialog (next/dynamic) for those who may change them (`canEdit`, `save`). The label names and
 * texts (the `governance` namespace, which those pages do not load) come with the labels, only when there
 * is something to show.
 */
export function LabelsPanel(props: LabelsPanelProps) {
  const [state, setState] = useState<PanelState>({ status: "loading" });
  const { load, canEdit } = props;

  useEffect(() => {
    let live = true;
    load().then(
      (labels) => {
        if (live) setState({ status: "ready", labels });
      },
      (error: unknown) => {
        if (!live) return;
        const { status } = ApiError.from(error);
        setState(status === 401 || status === 403 || status === 404 ? { status: "hidden" } : { status: "error" });
      },
    );
    return () => {
      live = false;
    };
  }, [load]);

  if (state.status === "loading" || state.status === "hidden") return null;
  if (state.status === "ready" && state.labels.length === 0 && !canEdit) return null;
  return (
    <LazyNamespaces namespaces={["governance"]}>
      <LabelsPanelBody {...props} state={state} setState={setState} />
    </LazyNamespaces>
  );
}

function LabelsPanelBody({ save, canEdit, title, dialogDescription, noneText, testId, onSaved, state, setState }: LabelsPanelProps & { state: Exclude<PanelState, { status: "loading" } | { status: "hidden" }>; setState: (next: PanelState) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);

  if (state.status === "error") {
    return (
      <Text className="cca-no-print" color="red.700" role="alert">
        {t("governance:labels.load_error")}
      </Text>
    );
  }
  return (
    <>
      <LabelsSection labels={state.labels} canEdit={canEdit} onEdit={() => setEditing(true)} noneText={noneText} testId={testId} />
      {editing ? (
        <LabelsDialog
          title={title}
          description={dialogDescription}
          labels={state.labels}
          save={save}
          onClose={(saved) => {
            setEditing(false);
            if (saved) {
              setState({ status: "ready", labels: saved });
              onSaved?.(saved);
            }
          }}
        />
      ) : null}
    </>
  );
}
