import { Box, Button, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { useInfiniteQuery } from "@tanstack/react-query";
import useTranslation from "@/lib/i18n/use-translation";
import { useRef } from "react";
import type { ActivityEntry } from "@/contracts/activity";
import { AppLink } from "@/components/ui/app-link";
import { notify } from "@/components/ui/toaster";
import { UserAvatar } from "@/components/ui/user-avatar";
import { getBrowserClient } from "@/lib/api/client";
import { addDocumentComment, fetchDocumentActivity } from "@/lib/api/documents";
import { apiErrorMessage } from "@/lib/api/error-message";
import { waitForAuth } from "@/lib/auth/auth-wall";
import { groupHref } from "@/lib/group-link";
import { withQueryClient } from "@/lib/query/query-client";
import { queryKeys } from "@/lib/query/query-keys";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";
import { CommentBox, type PostResult } from "@/components/comments/comment-box";
import { relativeTime } from "@/shared/format/relative-time";

const PAGE = 5;

/** activityType → key of its text (activity section of the document namespace) (unknown types show as sent). */
const TYPE_KEYS: Record<string, string> = {
  "Added a comment": "comment",
  "Document created": "created",
  "Document updated": "updated",
  "Document deleted": "deleted",
  "Document tag updated": "tags",
  "Posted resource": "posted",
  "Removed resource": "removed",
  Featured: "featured",
  Unfeatured: "unfeatured",
  Flagged: "flagged",
  "Flag removed": "unflagged",
  "Follower added": "followed",
  "Follower removed": "unfollowed",
};

function detail(entry: ActivityEntry): string {
  if (entry.activityType === "Added a comment") return entry.body;
  if (!entry.description) return "";
  try {
    const parsed = JSON.parse(entry.description) as { userGroupName?: string };
    if (parsed && typeof parsed === "object" && parsed.userGroupName) return parsed.userGroupName;
  } catch {
    // Not JSON: plain text.
  }
  return entry.description.startsWith("{") ? "" : entry.description;
}

/** History and comments of a document, newest first, with the comment box (sign-in first). */
export function DocumentActivity({ documentId, languageId, linkPrefix }: { documentId: number; languageId: number; linkPrefix: string }) {
  const { t, lang } = useTranslation();
  const refresh = useRefreshAfterWrite();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = useInfiniteQuery({
    queryKey: queryKeys.activity("document", documentId),
    queryFn: ({ pageParam }) => fetchDocumentActivity(getBrowserClient(), documentId, { offset: pageParam, limit: PAGE }),
    initialPageParam: 0,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + p.activity.length, 0);
      return last.activity.length > 0 && loaded < last.totalCount ? loaded : undefined;
    },
    retry: false,
  });

  const post = async (body: string): Promise<PostResult> => {
    try {
      await waitForAuth();
    } catch {
      return { ok: false, message: t("activity:comments.sign_in_needed") };
    }
    try {
      await addDocumentComment(getBrowserClient(), { documentId, body, languageId });
    } catch (error) {
      return { ok: false, message: `${t("activity:comments.error")} ${apiErrorMessage(t, error)}` };
    }
    notify.success(t("activity:comments.added"));
    void refresh({ queries: [queryKeys.activity("document", documentId)] });
    headingRef.current?.scrollIntoView({ block: "nearest" });
    return { ok: true };
  };

  const entries = query.data?.pages.flatMap((p) => p.activity) ?? [];
  return (
    <Box as="section" aria-labelledby="doc-activity-title" mt={8} bg="white" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }}>
      <Heading as="h2" id="doc-activity-title" ref={headingRef} size="lg" mb={2}>
        {t("document:show.activity")}
      </Heading>
      {query.isPending ? (
        <HStack color="gray.600" py={3}>
          <Spinner size="sm" />
          <Text>{t("activity:comments.loading")}</Text>
        </HStack>
      ) : null}
      {query.isError && entries.length === 0 ? (
        <Stack role="alert" gap={2} py={2} align="flex-start">
          <Text color="red.700">{t("activity:comments.load_error")}</Text>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t("activity:comments.retry")}
          </Button>
        </Stack>
      ) : null}
      {entries.length > 0 ? (
        <Box as="ul" listStyleType="none" m={0} p={0}>
          {entries.map((e) => {
            const typeKey = TYPE_KEYS[e.activityType];
            const text = detail(e);
            return (
              <HStack as="li" key={e.id} align="flex-start" gap={3} py={3} borderTopWidth="1px" _first={{ borderTopWidth: 0 }}>
                <UserAvatar name={e.user.name} profilePic={e.user.profilePic} size={32} />
                <Box minW={0} flex="1">
                  <HStack gap={2} wrap="wrap">
                    <AppLink href={groupHref(linkPrefix, `/user/show/${e.user.id}`)} fontWeight="semibold" color="teal.800">
                      {e.user.name}
                    </AppLink>
                    <Text as="span" fontSize="sm" color="gray.700">
                      {typeKey ? t(`document:activity.${typeKey}`) : e.activityType}
                    </Text>
                    <Text as="span" fontSize="sm" color="gray.600">
                      <time dateTime={e.createdOn}>{relativeTime(e.createdOn, lang)}</time>
                    </Text>
                  </HStack>
                  {text ? (
                    <Text whiteSpace="pre-wrap" overflowWrap="anywhere" mt={1}>
                      {text}
                    </Text>
                  ) : null}
                </Box>
              </HStack>
            );
          })}
        </Box>
      ) : null}
      {query.hasNextPage ? (
        <Button size="sm" variant="outline" mt={2} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t("document:show.more_activity")}
        </Button>
      ) : null}
      <CommentBox onPost={post} />
    </Box>
  );
}

export default withQueryClient(DocumentActivity);
