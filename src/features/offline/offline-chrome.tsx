/**
 * What every screen may show about working offline (issue 32), loaded after the page (never in its first
 * load): registers the service worker; offers "Install the app" where the browser does; says when a new
 * version is ready (it takes over on the next page, or now); shows a signed-in member's records waiting
 * on this device ("Waiting to send (N)") and sends them when the network returns (online event,
 * Background Sync, this visit); keeps the member's participation forms for offline use once per version;
 * forgets signed-in pages after a sign-out.
 */
import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useRouter } from "next/router";
import { useSession } from "@/components/auth/session-context";
import { AppLink } from "@/components/ui/app-link";
import { groupHref } from "@/lib/group-link";
import { LazyNamespaces } from "@/lib/i18n/lazy-namespaces";
import useTranslation from "@/lib/i18n/use-translation";
import { bus } from "@/lib/events/bus";
import { countUnsent } from "@/lib/offline/outbox-store";
import { activateUpdate, cacheAssets, cachePages, forgetSignedInPages, onPwaChange, onWorkerFlushRequest, promptInstall, pwaState, registerServiceWorker, requestOutboxSync } from "@/lib/offline/pwa-client";

const READY_KEY = "cca:offline-ready";

/** The outbox's sender brings the API client (axios): loaded for signed-in members only, never for visitors (issue 35). */
const outboxSender = () => import("@/lib/offline/outbox-sender");

/** Whether the connection is one to spare (no Save-Data, not 2G). */
function connectionAllowsWarming(): boolean {
  const c = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return !(c?.saveData || c?.effectiveType === "2g" || c?.effectiveType === "slow-2g");
}

/** The member's start screen and forms, kept for offline use once per build and member (not on a metered connection). */
async function warmForMember(userId: number, linkPrefix: string, locale: string | undefined): Promise<void> {
  const build = (window as Window & { __NEXT_DATA__?: { buildId?: string } }).__NEXT_DATA__?.buildId ?? "dev";
  const marker = `${build}:${userId}:${linkPrefix}:${locale ?? "en"}`;
  if (window.localStorage.getItem(READY_KEY) === marker || !connectionAllowsWarming()) return;
  const lang = locale === "hi" ? "/hi" : "";
  const home = `${lang}${linkPrefix}` || "/";
  const result = await cachePages([home, `${lang}${groupHref(linkPrefix, "/participate/list")}`], true);
  if (result.total > 0 && result.failed === 0) {
    await cacheAssets();
    window.localStorage.setItem(READY_KEY, marker);
  }
}

function useUnsentCount(userId: number | null): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    const read = () => void countUnsent(userId).then((n) => live && setCount(n), () => undefined);
    read();
    bus.on("outbox_changed", read);
    return () => {
      live = false;
      bus.off("outbox_changed", read);
    };
  }, [userId]);
  return userId === null ? 0 : count;
}

function Panel({ linkPrefix }: { linkPrefix: string }) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(onPwaChange, pwaState, pwaState);
  const { user } = useSession();
  const userId = user?.id ?? null;
  const unsent = useUnsentCount(userId);
  const [installed, setInstalled] = useState(false);

  if (!state.updateWaiting && !state.canInstall && unsent === 0 && !installed) return null;
  return (
    <Box position="fixed" insetStart={{ base: 2, md: 4 }} bottom={{ base: 2, md: 4 }} zIndex="toast" maxW="sm" data-testid="offline-chrome">
      <Stack gap={2} role="status" aria-live="polite">
        {state.updateWaiting ? (
          <Box bg="white" borderWidth="1px" borderColor="teal.600" borderRadius="md" boxShadow="md" p={3} data-testid="update-notice">
            <Text fontWeight="semibold">{t("offline:update.title")}</Text>
            <Text fontSize="sm" color="gray.700">
              {t("offline:update.description")}
            </Text>
            <Button size="sm" mt={2} colorPalette="teal" onClick={() => activateUpdate(true)}>
              {t("offline:update.now")}
            </Button>
          </Box>
        ) : null}
        {unsent > 0 ? (
          <AppLink
            href={`${groupHref(linkPrefix, "/participate/list")}#outbox`}
            bg="orange.100"
            color="orange.900"
            borderWidth="1px"
            borderColor="orange.400"
            borderRadius="full"
            px={4}
            py={2}
            fontWeight="semibold"
            data-testid="outbox-pill"
          >
            {t("offline:outbox.pill", { count: unsent })}
          </AppLink>
        ) : null}
        {state.canInstall ? (
          <HStack>
            <Button size="sm" variant="outline" bg="white" colorPalette="teal" onClick={() => void promptInstall().then(setInstalled)} data-testid="install-app">
              {t("offline:install.button")}
            </Button>
          </HStack>
        ) : installed ? (
          <Text fontSize="sm" bg="white" p={2} borderRadius="md">
            {t("offline:install.done")}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}

export default function OfflineChrome({ linkPrefix }: { linkPrefix: string }) {
  const { user } = useSession();
  const { locale, events } = useRouter();
  const userId = user?.id ?? null;
  const previousUser = useRef<number | null>(userId);

  useEffect(() => {
    void registerServiceWorker();
  }, []);

  // A new version waiting takes over on the next page the visitor opens.
  useEffect(() => {
    const onRoute = () => pwaState().updateWaiting && activateUpdate(false);
    events.on("routeChangeStart", onRoute);
    return () => events.off("routeChangeStart", onRoute);
  }, [events]);

  useEffect(() => {
    if (previousUser.current !== null && userId === null) void forgetSignedInPages();
    previousUser.current = userId;
    if (userId === null) return;
    const flush = () => {
      if (!navigator.onLine) return;
      void outboxSender()
        .then(({ flushOutbox }) => flushOutbox(userId))
        .then((left) => (left > 0 ? requestOutboxSync() : undefined), () => undefined);
    };
    void outboxSender()
      .then(({ resumeAfterSignIn }) => resumeAfterSignIn(userId))
      .then(flush, () => undefined);
    window.addEventListener("online", flush);
    const stopWorker = onWorkerFlushRequest(flush);
    bus.on("outbox_changed", requestSyncSoon);
    const timer = window.setTimeout(() => void warmForMember(userId, linkPrefix, locale).catch(() => undefined), 3000);
    return () => {
      window.removeEventListener("online", flush);
      stopWorker();
      bus.off("outbox_changed", requestSyncSoon);
      window.clearTimeout(timer);
    };
  }, [userId, linkPrefix, locale]);

  return (
    <LazyNamespaces namespaces={["offline"]}>
      <Panel linkPrefix={linkPrefix} />
    </LazyNamespaces>
  );
}

function requestSyncSoon() {
  if (!navigator.onLine) void requestOutboxSync();
}
