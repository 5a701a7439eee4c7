import { useCallback } from "react";
import type { RecordLabelsInput } from "@/contracts/local-contexts";
import { LabelsPanel } from "@/components/labels/labels-panel";
import { getBrowserClient } from "@/lib/api/client";
import { fetchGroupLabels, saveGroupLabels } from "@/lib/api/groups";
import useTranslation from "@/lib/i18n/use-translation";

/** The group's Local Contexts labels on its about page (loaded after the page, with the API client; its founders and admins edit them). */
export default function GroupLabels({ groupId, name, canEdit }: { groupId: number; name: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const load = useCallback(() => fetchGroupLabels(getBrowserClient(), groupId), [groupId]);
  const save = useCallback((input: RecordLabelsInput) => saveGroupLabels(getBrowserClient(), groupId, input), [groupId]);
  return (
    <LabelsPanel
      load={load}
      save={save}
      canEdit={canEdit}
      title={name}
      dialogDescription={t("group:labels.dialog_description")}
      noneText={t("group:labels.none")}
      testId="group-labels"
    />
  );
}
