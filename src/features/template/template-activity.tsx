import { Box, Button, HStack, Text } from "@chakra-ui/react";
import { Field } from "@/components/ui/chakra/field";
import { Textarea } from "@/components/ui/chakra/textarea";
import { ActivityTimeline } from "@/components/activity/activity-timeline";
import { useActivityPages } from "@/components/activity/use-activity-pages";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useState, type FormEvent } from "react";
import type { ActivityEntry } from "@/contracts/activity";
import { TEMPLATE_COMMENT_MAX } from "@/contracts/template-rules";
import { AppLink } from "@/components/ui/app-link";
import { notify } from "@/components/ui/toaster";
import { UserAvatar } from "@/components/ui/user-avatar";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage } from "@/lib/api/error-message";
import { addTemplateComment, fetchTemplateActivity } from "@/lib/api/templates";
import { groupHref } from "@/lib/group-link";
import { withQueryClient } from "@/lib/query/query-client";
import { queryKeys } from "@/lib/query/query-keys";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";
import { dateTimeFormat } from "@/shared/format/intl";

/* Activity and comments of a template (screens §2.30), loaded with next/dynamic under the editor. */

const PAGE_SIZE = 5;

/** The translation key of an activity type the platform records (unknown ones show as they come). */
const TYPE_KEYS: Record<string, string> = {
  "Added a comment": "activity:types.commented",
  "Template created": "activity:types.created",
  "Template updated": "activity:types.updated",
  "Template translated": "activity:types.translated",
  "Template deleted": "activity:types.deleted",
  "Template restored": "activity:types.restored",
};

function fullTime(iso: string, lang: string): string {
  return dateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

function Entry({ entry, linkPrefix }: { entry: ActivityEntry; linkPrefix: string }) {
  const { t, lang } = useTranslation();
  const key = TYPE_KEYS[entry.activityType];
  return (
    <HStack as="li" align="flex-start" gap={3} py={3} borderTopWidth="1px" _first={{ borderTopWidth: 0 }}>
      <UserAvatar name={entry.user.name} profilePic={entry.user.profilePic} size={32} />
      <Box minW={0} flex="1">
        <HStack gap={2} wrap="wrap">
          <Text as="span">
            {key ? (
              t(key, { user: "" }).trim() && (
                <>
                  <AppLink href={groupHref(linkPrefix, `/user/show/${entry.user.id}`)} fontWeight="semibold" color="teal.800">
                    {entry.user.name}
                  </AppLink>{" "}
                  {t(key, { user: "" }).trim()}
                </>
              )
            ) : (
              <>
                <AppLink href={groupHref(linkPrefix, `/user/show/${entry.user.id}`)} fontWeight="semibold" color="teal.800">
                  {entry.user.name}
                </AppLink>{" "}
                {entry.activityType}
              </>
            )}
          </Text>
          <Text as="span" fontSize="sm" color="gray.600">
            <time dateTime={entry.createdOn}>{fullTime(entry.createdOn, lang)}</time>
          </Text>
        </HStack>
        {entry.body ? (
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere" mt={1}>
            {entry.body}
          </Text>
        ) : null}
      </Box>
    </HStack>
  );
}

function CommentForm({ onPost }: { onPost: (body: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      setProblem(t("activity:comments.blank"));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      if (await onPost(text.trim())) setText("");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box asChild mt={4}>
      <form onSubmit={submit} noValidate>
        <Field.Root invalid={!!problem}>
          <Field.Label fontWeight="semibold">{t("activity:comments.label")}</Field.Label>
          <Textarea
            bg="white"
            rows={3}
            value={text}
            maxLength={TEMPLATE_COMMENT_MAX}
            placeholder={t("activity:comments.placeholder")}
            onChange={(e) => setText(e.target.value)}
            aria-describedby={problem ? errorId : undefined}
          />
          {problem && (
            <Text id={errorId} role="alert" color="red.700" fontSize="sm">
              {problem}
            </Text>
          )}
        </Field.Root>
        <Button type="submit" mt={2} colorPalette="teal" size="sm" loading={busy}>
          {t("activity:comments.submit")}
        </Button>
      </form>
    </Box>
  );
}

interface TemplateActivityProps {
  templateId: number;
  languageId: number;
  linkPrefix: string;
}

export function TemplateActivity({ templateId, languageId, linkPrefix }: TemplateActivityProps) {
  const { t } = useTranslation();
  const refresh = useRefreshAfterWrite();
  const { query, entries } = useActivityPages("ccaTemplate", templateId, (offset) => fetchTemplateActivity(getBrowserClient(), templateId, offset, PAGE_SIZE));

  const post = async (body: string) => {
    try {
      await addTemplateComment(getBrowserClient(), { templateId, body, languageId });
    } catch (error) {
      notify.error(`${t("activity:comments.error")} ${apiErrorMessage(t, error)}`);
      return false;
    }
    notify.success(t("activity:comments.added"));
    void refresh({ queries: [queryKeys.activity("ccaTemplate", templateId)] });
    return true;
  };

  return (
    <ActivityTimeline
      titleId="template-activity-title"
      title={t("activity:history.title")}
      mt={10}
      query={query}
      entries={entries}
      renderEntry={(e) => <Entry entry={e} linkPrefix={linkPrefix} />}
      loading={{ text: t("activity:history.loading"), py: 2, role: "status" }}
      loadError={{ text: <>{t("activity:history.load_error")} {apiErrorMessage(t, query.error)}</> }}
      empty={t("activity:empty")}
      retryLabel={t("activity:comments.retry")}
      moreLabel={t("activity:history.more")}
      listTestId="activity-list"
    >
      <CommentForm onPost={post} />
    </ActivityTimeline>
  );
}

export default withQueryClient(TemplateActivity);
