import { Button, HStack, Text } from "@chakra-ui/react";
import { useEffect, useId, useState, type FormEvent } from "react";
import type { RecordLabel } from "@/contracts/local-contexts";
import { Input } from "@/components/ui/chakra/input";
import { notify } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api/api-error";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage, translateMessage } from "@/lib/api/error-message";
import useTranslation from "@/lib/i18n/use-translation";
import { fetchHubConfigured, syncRecordLabelsFromHub } from "./record-labels-api";

/**
 * "Sync from the Local Contexts Hub" for a record's keepers (issue 30, item 3): a Hub project's id; its TK and
 * BC labels replace the record's. Errors (no Hub set up, no key, unknown project, Hub down) in the visitor's language.
 */
export function HubSync({ recordId, onSynced }: { recordId: number; onSynced: (labels: RecordLabel[]) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [projectId, setProjectId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [unmatched, setUnmatched] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [configured, setConfigured] = useState(false);
  useEffect(() => {
    let live = true;
    fetchHubConfigured(getBrowserClient()).then(
      (yes) => live && setConfigured(yes),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  if (!configured) return null;
  if (!open) {
    return (
      <Button size="sm" variant="ghost" colorPalette="teal" mt={2} ms={2} className="cca-no-print" onClick={() => setOpen(true)}>
        {t("governance:hub.sync")}
      </Button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await syncRecordLabelsFromHub(getBrowserClient(), recordId, projectId.trim());
      setUnmatched(result.unmatched);
      notify.success(t("governance:hub.synced", { count: result.labels.length }));
      onSynced(result.labels);
    } catch (e) {
      const key = ApiError.from(e).fieldErrors?.projectId;
      setError(key ? (translateMessage(t, key) ?? key) : apiErrorMessage(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="cca-no-print" data-testid="hub-sync" style={{ marginTop: "0.75rem" }}>
      <label htmlFor={`${id}-project`}>
        <Text as="span" fontWeight="semibold" fontSize="sm">
          {t("governance:hub.project")}
        </Text>
      </label>
      <Text fontSize="sm" color="gray.700" id={`${id}-help`}>
        {t("governance:hub.project_help")}
      </Text>
      <HStack mt={1} gap={2} flexWrap="wrap">
        <Input
          id={`${id}-project`}
          size="sm"
          maxW="sm"
          value={projectId}
          onChange={(e) => setProjectId(e.target.value)}
          aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
        />
        <Button type="submit" size="sm" colorPalette="teal" loading={busy}>
          {t("governance:hub.sync")}
        </Button>
      </HStack>
      {error ? (
        <Text id={`${id}-error`} role="alert" color="red.700" fontSize="sm" mt={1}>
          {error}
        </Text>
      ) : null}
      {unmatched.length > 0 ? (
        <Text fontSize="sm" mt={1}>
          {t("governance:hub.unmatched", { names: unmatched.join(", ") })}
        </Text>
      ) : null}
    </form>
  );
}
