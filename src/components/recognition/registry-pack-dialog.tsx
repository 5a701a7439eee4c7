import { Modal } from "@/components/ui/modal";
import { LazyNamespaces } from "@/lib/i18n/lazy-namespaces";
import useTranslation from "@/lib/i18n/use-translation";
import { PackForm } from "./pack-form";

export interface RegistryPackDialogProps {
  groupId: number;
  /** The group's name, for the heading. */
  name: string;
  coverageHref: string;
  onClose: () => void;
}

function Body({ groupId, name, coverageHref, onClose }: RegistryPackDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open onClose={onClose} title={t("recognition:dialog.title", { name })} description={t("recognition:dialog.description")}>
      <PackForm groupId={groupId} coverageHref={coverageHref} />
    </Modal>
  );
}

/**
 * "Registry submission (WDPCA)" of a group (issue 31), opened from the group header by its founders and
 * administrators; loaded with next/dynamic on first open, with its own translations.
 */
export default function RegistryPackDialog(props: RegistryPackDialogProps) {
  return (
    <LazyNamespaces namespaces={["recognition"]}>
      <Body {...props} />
    </LazyNamespaces>
  );
}
