import { Badge, Box, Button, Container, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Head from "next/head";
import { useRouter } from "next/router";
import { useState, type ReactNode } from "react";
import type { LayoutData } from "@/contracts/layout";
import { REVIEW_ERRORS, type ReviewItem } from "@/contracts/review";
import { ListScreen } from "@/components/list/list-screen";
import { AppLink } from "@/components/ui/app-link";
import { LazyFailure } from "@/components/ui/lazy-fallback";
import { PageTitle } from "@/components/ui/page-title";
import { notify } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api/api-error";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { apiErrorMessage } from "@/lib/api/error-message";
import { REVIEW_COUNT_CHANGED, decideReview, fetchReviewQueue } from "@/lib/api/review";
import { groupHref } from "@/lib/group-link";
import useTranslation from "@/lib/i18n/use-translation";
import { withQueryClient } from "@/lib/query/query-client";
import { queryKeys } from "@/lib/query/query-keys";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";
import { dateTimeFormat } from "@/shared/format/intl";
import { REVIEW_PAGE_SIZE, reviewOffset } from "./review-queue-query";
import type { ReviewQueueProps } from "./review-queue.ssr";
import type { SendBackResult } from "./send-back-dialog";

const SendBackDialog = dynamic(() => import("./send-back-dialog"), { ssr: false, loading: LazyFailure });

function formatDay(ms: number, lang: string): string {
  return dateTimeFormat(lang, { dateStyle: "medium", timeZone: "Asia/Kolkata" }).format(new Date(ms));
}

/** The signed-out and not-a-reviewer screens: a heading, a sentence, and (signed out) the way in. */
function Refusal({ kind, linkPrefix }: { kind: "sign_in" | "forbidden"; linkPrefix: string }) {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <Container maxW="3xl" py={{ base: 6, md: 10 }}>
      <Box borderWidth="1px" borderRadius="lg" bg="white" p={{ base: 5, md: 8 }} data-testid={`review-${kind}`}>
        <PageTitle mb={3}>{t(`governance:review.${kind}.title`)}</PageTitle>
        <Text mb={kind === "sign_in" ? 5 : 0}>{t(`governance:review.${kind}.body`)}</Text>
        {kind === "sign_in" ? (
          <Button asChild colorPalette="teal">
            <AppLink href={`${groupHref(linkPrefix, "/login")}?forward=${encodeURIComponent(router.asPath)}`}>{t("governance:review.sign_in.action")}</AppLink>
          </Button>
        ) : null}
      </Box>
    </Container>
  );
}

interface RowProps {
  item: ReviewItem;
  linkPrefix: string;
  busy: boolean;
  onPublish: (item: ReviewItem) => void;
  onSendBack: (item: ReviewItem) => void;
}

/** One record of the queue: its title (to the record), facts as a list of terms, its state and the two decisions. */
function ReviewRow({ item, linkPrefix, busy, onPublish, onSendBack }: RowProps) {
  const { t, lang } = useTranslation();
  const headingId = `review-item-${item.id}`;
  const fact = (label: string, value: ReactNode) => (
    <Box minW={{ base: "full", sm: "10rem" }}>
      <Text as="dt" fontSize="xs" color="gray.700" fontWeight="semibold">
        {label}
      </Text>
      <Text as="dd">{value}</Text>
    </Box>
  );
  return (
    <Box as="li" listStyleType="none" bg="white" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 5 }} aria-labelledby={headingId} data-review-item={item.id}>
      <Flex direction={{ base: "column", md: "row" }} gap={4} justify="space-between" align={{ base: "stretch", md: "flex-start" }}>
        <Box flex="1" minW={0}>
          <Heading as="h2" size="md" id={headingId} mb={2} wordBreak="break-word">
            <AppLink href={groupHref(linkPrefix, `/data/show/${item.id}`)} color="teal.700">
              {item.title}
            </AppLink>
          </Heading>
          <Flex as="dl" wrap="wrap" columnGap={6} rowGap={2}>
            {fact(t("governance:review.columns.template"), item.templateName)}
            {fact(t("governance:review.columns.contributor"), item.contributor?.name ?? t("governance:review.unknown_contributor"))}
            {fact(t("governance:review.columns.date"), <time dateTime={new Date(item.updatedOn).toISOString()}>{formatDay(item.updatedOn, lang)}</time>)}
            {fact(t("governance:review.columns.audience"), t(`governance:audience.${item.audience}`))}
            {fact(
              t("governance:review.columns.state"),
              <Badge colorPalette={item.state === "RETURNED" ? "orange" : "purple"} data-testid="review-state">
                {t(`governance:review.state.${item.state}`)}
              </Badge>,
            )}
          </Flex>
          {item.state === "RETURNED" && item.note ? (
            <Text mt={3} color="orange.900" bg="orange.50" borderRadius="md" px={3} py={2} whiteSpace="pre-line" data-testid="review-note">
              {t("governance:review.note", { note: item.note })}
            </Text>
          ) : null}
        </Box>
        {/* A record sent back waits for its contributor's edit, which puts it in the queue again. */}
        {item.state === "PENDING" ? (
          <Stack direction={{ base: "column", sm: "row", md: "column" }} gap={2} flexShrink={0}>
            <Button colorPalette="teal" size="sm" loading={busy} onClick={() => onPublish(item)} aria-label={t("governance:review.publish_label", { title: item.title })}>
              {t("governance:review.publish")}
            </Button>
            <Button variant="outline" colorPalette="orange" size="sm" disabled={busy} onClick={() => onSendBack(item)} aria-label={t("governance:review.send_back_label", { title: item.title })}>
              {t("governance:review.send_back")}
            </Button>
          </Stack>
        ) : null}
      </Flex>
    </Box>
  );
}

function ReviewQueueView({ offset: serverOffset, access, initial, layout }: ReviewQueueProps & { layout: LayoutData }) {
  const { t, lang } = useTranslation();
  const router = useRouter();
  const refresh = useRefreshAfterWrite();
  const linkPrefix = layout.currentGroup.linkPrefix;
  const offset = router.isReady ? reviewOffset(router.query.offset) : serverOffset;
  const [busy, setBusy] = useState<number | null>(null);
  const [sendBack, setSendBack] = useState<ReviewItem | null>(null);
  const allowed = access === "ok" && layout.user !== null;
  const queue = useQuery({
    queryKey: queryKeys.reviewQueue(offset, lang),
    queryFn: async () => fetchReviewQueue(await loadBrowserClient(), { offset, limit: REVIEW_PAGE_SIZE, language: lang === "hi" ? "hi" : "en" }),
    initialData: offset === serverOffset && initial ? initial : undefined,
    placeholderData: keepPreviousData,
    enabled: allowed,
    // A refusal will not change by asking again.
    retry: (count, error) => ![401, 403].includes(ApiError.from(error).status) && count < 2,
  });
  const refusedStatus = queue.error ? ApiError.from(queue.error).status : 0;

  const title = t("governance:review.title");
  const head = (
    <Head>
      <title>{title}</title>
      <meta name="robots" content="noindex" />
    </Head>
  );
  if (!layout.user || refusedStatus === 401) {
    return (
      <>
        {head}
        <Refusal kind="sign_in" linkPrefix={linkPrefix} />
      </>
    );
  }
  if (access === "forbidden" || refusedStatus === 403) {
    return (
      <>
        {head}
        <Refusal kind="forbidden" linkPrefix={linkPrefix} />
      </>
    );
  }

  const data = queue.data;
  const total = data?.total ?? 0;
  const page = Math.floor(offset / REVIEW_PAGE_SIZE) + 1;
  const pages = Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE));

  const afterDecision = async () => {
    window.dispatchEvent(new Event(REVIEW_COUNT_CHANGED));
    await refresh({ queries: [queryKeys.reviewQueueAll()] });
  };

  const publish = async (item: ReviewItem) => {
    setBusy(item.id);
    try {
      await decideReview(await loadBrowserClient(), item.id, { action: "PUBLISH" });
      notify.success(t("governance:review.published", { title: item.title }));
      await afterDecision();
    } catch (error) {
      if (ApiError.from(error).status === 409) {
        notify.error(t(REVIEW_ERRORS.notPending));
        await afterDecision();
      } else {
        notify.error(`${t("governance:review.publish_error")} ${apiErrorMessage(t, error)}`);
      }
    } finally {
      setBusy(null);
    }
  };

  const closeSendBack = (result: SendBackResult) => {
    setSendBack(null);
    if (result !== null) void afterDecision();
  };

  const go = (nextOffset: number) => {
    const { groupName } = router.query;
    const query = { ...(typeof groupName === "string" ? { groupName } : {}), ...(nextOffset > 0 ? { offset: String(nextOffset) } : {}) };
    void router.push({ pathname: router.pathname, query }, undefined, { shallow: true });
  };

  return (
    <>
      {head}
      <ListScreen
        title={t("governance:review.heading")}
        subtitle={t("governance:review.intro")}
        count={data ? t("governance:review.count", { count: total }) : ""}
        countTone="muted"
        isFetching={queue.isFetching && data !== undefined}
        data={data}
        failed={queue.isError}
        isEmpty={(shown) => shown.items.length === 0}
        errorText={t("governance:review.error")}
        retryLabel={t("governance:review.retry")}
        onRetry={() => queue.refetch()}
        loadingLabel={t("common:loading")}
        emptyContent={<Text data-testid="review-empty">{t("governance:review.empty")}</Text>}
        pager={{ page, totalPages: pages, onPage: (p) => go((p - 1) * REVIEW_PAGE_SIZE) }}
      >
        {(shown) => (
          <Stack as="ul" gap={3} aria-label={t("governance:review.caption", { page, pages })} aria-busy={queue.isFetching} p={0} m={0}>
            {shown.items.map((item) => (
              <ReviewRow key={item.id} item={item} linkPrefix={linkPrefix} busy={busy === item.id} onPublish={(i) => void publish(i)} onSendBack={setSendBack} />
            ))}
          </Stack>
        )}
      </ListScreen>
      {sendBack ? <SendBackDialog item={sendBack} onClose={closeSendBack} /> : null}
    </>
  );
}

/** /data/review: the records waiting for the visitor's review (data curators, administrators; founders and moderators for their groups). */
export const ReviewQueueScreen = withQueryClient(ReviewQueueView);
