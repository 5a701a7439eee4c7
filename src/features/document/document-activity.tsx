import { Box, HStack, Text } from "@chakra-ui/react";
import { ActivityTimeline } from "@/components/activity/activity-timeline";
import { useActivityPages } from "@/components/activity/use-activity-pages";
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
  "Document labels changed": "labels",
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
  const { query, entries } = useActivityPages("document", documentId, (offset) => fetchDocumentActivity(getBrowserClient(), documentId, { offset: offset, limit: PAGE }));

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

  const renderEntry = (e: ActivityEntry) => {
    const typeKey = TYPE_KEYS[e.activityType];
    const text = detail(e);
    return (
      <HStack as="li" align="flex-start" gap={3} py={3} borderTopWidth="1px" _first={{ borderTopWidth: 0 }}>
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
  };
  return (
    <ActivityTimeline
      titleId="doc-activity-title"
      title={t("document:show.activity")}
      headingRef={headingRef}
      mt={8}
      query={query}
      entries={entries}
      renderEntry={renderEntry}
      loading={{ text: t("activity:comments.loading"), py: 3 }}
      loadError={{ text: t("activity:comments.load_error"), py: 2 }}
      retryLabel={t("activity:comments.retry")}
      moreLabel={t("document:show.more_activity")}
    >
      <CommentBox onPost={post} />
    </ActivityTimeline>
  );
}

export default withQueryClient(DocumentActivity);
