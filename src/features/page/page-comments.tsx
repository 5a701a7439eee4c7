import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useRef, useState } from "react";
import { Box, Button, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { useInfiniteQuery } from "@tanstack/react-query";
import SITE_CONFIG from "@site-config";
import type { ActivityComment } from "@/contracts/activity";
import { AppLink } from "@/components/ui/app-link";
import { notify } from "@/components/ui/toaster";
import { UserAvatar } from "@/components/ui/user-avatar";
import { fetchPageComments } from "@/lib/api/activity";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage } from "@/lib/api/error-message";
import { addPageComment } from "@/lib/api/pages";
import { waitForAuth } from "@/lib/auth/auth-wall";
import { groupHref } from "@/lib/group-link";
import { withQueryClient } from "@/lib/query/query-client";
import { queryKeys } from "@/lib/query/query-keys";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";
import { CommentBox, type PostResult } from "./comment-box";
import { relativeTime } from "@/shared/format/relative-time";
import { dateTimeFormat } from "@/shared/format/intl";

const PAGE_SIZE = SITE_CONFIG.PAGINATION.DEFAULT_LIMIT;

export { relativeTime };

function fullTime(iso: string, lang: string): string {
  return dateTimeFormat(lang, { dateStyle: "long", timeStyle: "short" }).format(new Date(iso));
}

/** Starts loading when the block comes near the viewport (keeps the server render and first paint light). */
function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === "undefined") {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- no observer: load at once
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: SITE_CONFIG.UI.PREFETCH_MARGIN });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

function CommentItem({ comment, linkPrefix, lang }: { comment: ActivityComment; linkPrefix: string; lang: string }) {
  return (
    <HStack as="li" align="flex-start" gap={3} py={3} borderTopWidth="1px" _first={{ borderTopWidth: 0 }}>
      <UserAvatar name={comment.user.name} profilePic={comment.user.profilePic} size={36} />
      <Box minW={0} flex="1">
        <HStack gap={2} wrap="wrap">
          <AppLink href={groupHref(linkPrefix, `/user/show/${comment.user.id}`)} fontWeight="semibold" color="teal.800">
            {comment.user.name}
          </AppLink>
          <Text as="span" fontSize="sm" color="gray.600">
            <time dateTime={comment.createdOn} title={fullTime(comment.createdOn, lang)}>
              {relativeTime(comment.createdOn, lang)}
            </time>
          </Text>
        </HStack>
        {/* Plain text as typed: React escapes it; line breaks kept. */}
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere" mt={1}>
          {comment.body}
        </Text>
      </Box>
    </HStack>
  );
}

interface PageCommentsProps {
  pageId: number;
  languageId: number;
  linkPrefix: string;
}

/** Comments of a page that allows them: the list (newest first, paged) and the comment box (sign-in first). */
export function PageComments({ pageId, languageId, linkPrefix }: PageCommentsProps) {
  const { t, lang } = useTranslation("activity");
  const refresh = useRefreshAfterWrite();
  const [ref, near] = useNearViewport<HTMLElement>();
  const listRef = useRef<HTMLHeadingElement>(null);
  const query = useInfiniteQuery({
    queryKey: queryKeys.activity("page", pageId),
    queryFn: ({ pageParam }) => fetchPageComments(getBrowserClient(), pageId, { offset: pageParam, limit: PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + p.activity.length, 0);
      return last.activity.length > 0 && loaded < last.totalCount ? loaded : undefined;
    },
    enabled: near,
    retry: false,
  });

  const post = async (body: string): Promise<PostResult> => {
    try {
      await waitForAuth();
    } catch {
      return { ok: false, message: t("activity:comments.sign_in_needed") };
    }
    try {
      await addPageComment(getBrowserClient(), { pageId, body, languageId });
    } catch (error) {
      return { ok: false, message: `${t("activity:comments.error")} ${apiErrorMessage(t, error)}` };
    }
    notify.success(t("activity:comments.added"));
    void refresh({ queries: [queryKeys.activity("page", pageId)] });
    listRef.current?.scrollIntoView({ block: "nearest" });
    return { ok: true };
  };

  const comments = query.data?.pages.flatMap((p) => p.activity) ?? [];
  const total = query.data?.pages.at(-1)?.totalCount ?? 0;

  return (
    <Box as="section" ref={ref} aria-labelledby="page-comments-title" mt={8} bg="white" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }}>
      <Heading as="h2" id="page-comments-title" ref={listRef} size="lg" mb={2}>
        {query.data ? t("activity:comments.count", { count: total }) : t("activity:comments.title")}
      </Heading>
      {query.isPending && (
        <HStack color="gray.600" py={3} aria-live="polite">
          <Spinner size="sm" />
          <Text>{t("activity:comments.loading")}</Text>
        </HStack>
      )}
      {query.isError && comments.length === 0 && (
        <Stack role="alert" gap={2} py={2} align="flex-start">
          <Text color="red.700">
            {t("activity:comments.load_error")} {apiErrorMessage(t, query.error)}
          </Text>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t("activity:comments.retry")}
          </Button>
        </Stack>
      )}
      {query.isSuccess && comments.length === 0 && <Text color="gray.600">{t("activity:comments.empty")}</Text>}
      {comments.length > 0 && (
        <Box as="ul" listStyleType="none" m={0} p={0} data-testid="comment-list">
          {comments.map((c) => (
            <CommentItem key={c.id} comment={c} linkPrefix={linkPrefix} lang={lang} />
          ))}
        </Box>
      )}
      {query.isFetchNextPageError && (
        <Text role="alert" color="red.700" mt={2}>
          {t("activity:comments.load_error")}
        </Text>
      )}
      {query.hasNextPage && (
        <Button size="sm" variant="outline" mt={2} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t("activity:comments.load_more")}
        </Button>
      )}
      <CommentBox onPost={post} />
    </Box>
  );
}

// Loaded on demand, with the query cache it uses.
export default withQueryClient(PageComments);
