/**
 * The signed-in member's records on this device (issue 32, item 3) and "Keep the forms for offline use":
 * each record with its state (waiting to send, sending, sent, needs a fix, waiting for sign-in), "Send
 * now", "Fix and send again" (the record goes back into its form as a draft, with the server's field
 * errors shown there on the next send) and "Remove" (confirmed: it was never sent). Shown on the
 * participation list (`#outbox`) and the offline screen; loaded after the page.
 */
import { Badge, Box, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useRouter } from "next/router";
import { useCallback, useEffect, useState } from "react";
import { useSession } from "@/components/auth/session-context";
import { Modal } from "@/components/ui/modal";
import { AppLink } from "@/components/ui/app-link";
import { groupHref } from "@/lib/group-link";
import { bus } from "@/lib/events/bus";
import { LazyNamespaces } from "@/lib/i18n/lazy-namespaces";
import useTranslation from "@/lib/i18n/use-translation";
import { dateTimeFormat } from "@/shared/format/intl";
import { draftKey, saveDraft } from "@/lib/forms/draft-store";
import { flushOutbox } from "@/lib/offline/outbox-sender";
import { listEntries, removeEntry, type OutboxEntry } from "@/lib/offline/outbox-store";
import { cacheAssets, cachePages, type CacheProgress } from "@/lib/offline/pwa-client";

const STATE_COLOURS: Record<string, string> = { waiting: "orange", sending: "blue", sent: "green", invalid: "red", "sign-in": "purple" };

function KeepOffline({ linkPrefix }: { linkPrefix: string }) {
  const { t } = useTranslation();
  const { locale } = useRouter();
  const [progress, setProgress] = useState<CacheProgress | null>(null);
  const [result, setResult] = useState<"done" | "failed" | null>(null);
  const keep = async () => {
    setResult(null);
    setProgress({ done: 0, total: 0 });
    const lang = locale === "hi" ? "/hi" : "";
    const pages = await cachePages([`${lang}${linkPrefix}` || "/", `${lang}${groupHref(linkPrefix, "/participate/list")}`], true, setProgress);
    const assets = pages.failed === 0 ? await cacheAssets(setProgress) : pages;
    setProgress(null);
    setResult(pages.failed === 0 && assets.failed === 0 ? "done" : "failed");
  };
  return (
    <Stack gap={2} align="flex-start">
      <Button size="sm" variant="outline" colorPalette="teal" onClick={() => void keep()} disabled={progress !== null} data-testid="keep-offline">
        {t("offline:ready.button")}
      </Button>
      {progress ? (
        <Text fontSize="sm" role="status">
          {t("offline:ready.progress", { done: progress.done, total: progress.total })}
        </Text>
      ) : null}
      {result ? (
        <Text fontSize="sm" role="status" color={result === "done" ? "green.800" : "red.700"} data-testid="keep-offline-result">
          {t(`offline:ready.${result}`)}
        </Text>
      ) : null}
    </Stack>
  );
}

function Entries({ linkPrefix }: { linkPrefix: string }) {
  const { t, lang } = useTranslation();
  const router = useRouter();
  const { user } = useSession();
  const userId = user?.id ?? null;
  const [entries, setEntries] = useState<OutboxEntry[] | null>(null);
  const [removing, setRemoving] = useState<OutboxEntry | null>(null);
  const [sending, setSending] = useState(false);

  const read = useCallback(() => {
    if (userId === null) return;
    void listEntries(userId).then(setEntries, () => setEntries([]));
  }, [userId]);
  useEffect(() => {
    read();
    bus.on("outbox_changed", read);
    return () => bus.off("outbox_changed", read);
  }, [read]);

  if (userId === null || entries === null) return null;
  const fix = async (entry: OutboxEntry) => {
    saveDraft(draftKey(entry.shortName, userId), entry.draft);
    await removeEntry(entry);
    bus.emit("outbox_changed");
    await router.push(entry.formPath);
  };
  const sendNow = async () => {
    setSending(true);
    try {
      await flushOutbox(userId);
    } finally {
      setSending(false);
    }
  };
  const waiting = entries.some((e) => e.status.state === "waiting" || e.status.state === "sending");
  return (
    <Box as="section" id="outbox" aria-labelledby="outbox-heading" borderWidth="1px" borderRadius="md" bg="white" p={{ base: 4, md: 5 }} data-testid="outbox">
      <Heading as="h2" size="md" id="outbox-heading" mb={3}>
        {t("offline:outbox.title")}
      </Heading>
      {entries.length === 0 ? (
        <Text color="gray.700">{t("offline:outbox.empty")}</Text>
      ) : (
        <Stack as="ul" gap={3} listStyleType="none">
          {entries.map((entry) => (
            <Box as="li" key={entry.id} borderWidth="1px" borderRadius="md" p={3} data-testid="outbox-entry" data-state={entry.status.state}>
              <HStack justify="space-between" align="flex-start" gap={3} wrap="wrap">
                <Stack gap={0}>
                  <Text fontWeight="semibold">{entry.title || entry.templateName}</Text>
                  <Text fontSize="sm" color="gray.600">
                    {entry.templateName} · {t("offline:outbox.saved_on", { date: dateTimeFormat(lang).format(new Date(entry.createdAt)) })}
                  </Text>
                </Stack>
                <Badge colorPalette={STATE_COLOURS[entry.status.state]} data-testid="outbox-state">
                  {t(`offline:outbox.state.${entry.status.state}`)}
                </Badge>
              </HStack>
              {entry.status.state === "invalid" && entry.status.message ? (
                <Text fontSize="sm" color="red.700" mt={2}>
                  {entry.status.message}
                </Text>
              ) : null}
              {entry.status.state === "sign-in" ? (
                <Text fontSize="sm" color="purple.800" mt={2}>
                  {t("offline:outbox.sign_in")}
                </Text>
              ) : null}
              <HStack mt={2} gap={3} wrap="wrap">
                {entry.status.state === "sent" && entry.status.recordId ? (
                  <AppLink href={groupHref(linkPrefix, `/data/show/${entry.status.recordId}`)} color="teal.700" fontWeight="semibold">
                    {t("offline:outbox.view")}
                  </AppLink>
                ) : null}
                {entry.status.state === "invalid" ? (
                  <Button size="xs" colorPalette="teal" onClick={() => void fix(entry)}>
                    {t("offline:outbox.fix")}
                  </Button>
                ) : null}
                {entry.status.state !== "sent" ? (
                  <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setRemoving(entry)}>
                    {t("offline:outbox.remove")}
                  </Button>
                ) : null}
              </HStack>
            </Box>
          ))}
        </Stack>
      )}
      {waiting ? (
        <Button size="sm" mt={4} colorPalette="teal" onClick={() => void sendNow()} loading={sending} loadingText={t("offline:outbox.sending_all")} data-testid="outbox-send">
          {t("offline:outbox.send_now")}
        </Button>
      ) : null}
      <Box mt={4}>
        <KeepOffline linkPrefix={linkPrefix} />
      </Box>
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        role="alertdialog"
        closeOnOutsideClick
        title={t("offline:outbox.remove_confirm_title")}
        description={t("offline:outbox.remove_confirm")}
        footer={
          <HStack gap={3}>
            <Button variant="outline" onClick={() => setRemoving(null)}>
              {t("offline:outbox.cancel")}
            </Button>
            <Button
              colorPalette="red"
              onClick={() => {
                const entry = removing;
                setRemoving(null);
                if (entry) void removeEntry(entry).then(() => bus.emit("outbox_changed"));
              }}
            >
              {t("offline:outbox.remove")}
            </Button>
          </HStack>
        }
      />
    </Box>
  );
}

export default function OutboxPanel({ linkPrefix }: { linkPrefix: string }) {
  return (
    <LazyNamespaces namespaces={["offline"]}>
      <Entries linkPrefix={linkPrefix} />
    </LazyNamespaces>
  );
}
