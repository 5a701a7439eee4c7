import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useRef, useState } from "react";
import { Box, HStack, Text } from "@chakra-ui/react";
import { ActivityTimeline } from "@/components/activity/activity-timeline";
import { useActivityPages } from "@/components/activity/use-activity-pages";
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
  const { query, entries: comments } = useActivityPages("page", pageId, (offset) => fetchPageComments(getBrowserClient(), pageId, { offset: offset, limit: PAGE_SIZE }), { enabled: near });

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

  const total = query.data?.pages.at(-1)?.totalCount ?? 0;

  return (
    <ActivityTimeline
      titleId="page-comments-title"
      title={query.data ? t("activity:comments.count", { count: total }) : t("activity:comments.title")}
      headingRef={listRef}
      sectionRef={ref}
      mt={8}
      query={query}
      entries={comments}
      renderEntry={(c) => <CommentItem comment={c} linkPrefix={linkPrefix} lang={lang} />}
      loading={{ text: t("activity:comments.loading"), py: 3, ariaLive: "polite" }}
      loadError={{ text: <>{t("activity:comments.load_error")} {apiErrorMessage(t, query.error)}</>, py: 2 }}
      empty={t("activity:comments.empty")}
      nextPageError={t("activity:comments.load_error")}
      retryLabel={t("activity:comments.retry")}
      moreLabel={t("activity:comments.load_more")}
      listTestId="comment-list"
    >
      <CommentBox onPost={post} />
    </ActivityTimeline>
  );
}

// Loaded on demand, with the query cache it uses.
export default withQueryClient(PageComments);
