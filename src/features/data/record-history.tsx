import { Box, Button, HStack, Text } from "@chakra-ui/react";
import { Field } from "@/components/ui/chakra/field";
import { Textarea } from "@/components/ui/chakra/textarea";
import { ActivityTimeline } from "@/components/activity/activity-timeline";
import { useActivityPages } from "@/components/activity/use-activity-pages";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useRef, useState, type FormEvent } from "react";
import { languageIdFor } from "@site-config";
import type { ActivityEntry } from "@/contracts/activity";
import { describeChange, isFieldChange, RECORD_ACTIVITY, type ChangeKind } from "@/contracts/record-change";
import type { CCAField } from "@/contracts/template";
import { flattenFields } from "@/contracts/template";
import { AppLink } from "@/components/ui/app-link";
import { notify } from "@/components/ui/toaster";
import { UserAvatar } from "@/components/ui/user-avatar";
import { addRecordComment, fetchRecordHistory } from "@/lib/api/cca-record-edit";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage } from "@/lib/api/error-message";
import { waitForAuth } from "@/lib/auth/auth-wall";
import { groupHref } from "@/lib/group-link";
import { withQueryClient } from "@/lib/query/query-client";
import { queryKeys } from "@/lib/query/query-keys";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";
import { dateTimeFormat } from "@/shared/format/intl";

/* History and comments of a CCA record (screens §2.30, issue 14): changes phrased in the visitor's language, newest first. */

const PAGE_SIZE = 10;
const COMMENT_MAX = 2000;

/** The translation key of the other activity types of a record. */
const TYPE_KEYS: Record<string, string> = {
  [RECORD_ACTIVITY.comment]: "data:history.commented",
  [RECORD_ACTIVITY.created]: "data:history.created",
  [RECORD_ACTIVITY.deleted]: "data:history.deleted_entry",
  [RECORD_ACTIVITY.restored]: "data:history.restored_entry",
};

const CHANGE_KEYS: Record<ChangeKind, string> = {
  set: "data:history.set",
  changed: "data:history.changed",
  cleared: "data:history.cleared",
  redrawn: "data:history.redrawn",
  withheld: "data:history.withheld",
};

function fullTime(iso: string, lang: string): string {
  return dateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

function Entry({ entry, linkPrefix, fieldNames }: { entry: ActivityEntry; linkPrefix: string; fieldNames: Map<string, string> }) {
  const { t, lang } = useTranslation();
  let what: string;
  if (isFieldChange(entry.details)) {
    const details = entry.details;
    const name = details.type === "LOCATION" ? t("data:show.location") : (fieldNames.get(details.fieldId) ?? details.name);
    what = describeChange(details, lang, name, (kind, vars) => t(CHANGE_KEYS[kind], vars));
  } else {
    const key = TYPE_KEYS[entry.activityType];
    what = key ? t(key) : (entry.description ?? entry.activityType);
  }
  return (
    <HStack as="li" align="flex-start" gap={3} py={3} borderTopWidth="1px" _first={{ borderTopWidth: 0 }}>
      <UserAvatar name={entry.user.name} profilePic={entry.user.profilePic} size={32} />
      <Box minW={0} flex="1">
        <Text>
          <AppLink href={groupHref(linkPrefix, `/user/show/${entry.user.id}`)} fontWeight="semibold" color="teal.800">
            {entry.user.name}
          </AppLink>{" "}
          <span>{what}</span>
        </Text>
        <Text fontSize="sm" color="gray.600">
          <time dateTime={entry.createdOn}>{fullTime(entry.createdOn, lang)}</time>
        </Text>
        {entry.body ? (
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere" mt={1}>
            {entry.body}
          </Text>
        ) : null}
      </Box>
    </HStack>
  );
}

function CommentForm({ onPost }: { onPost: (body: string) => Promise<string | null> }) {
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
      const failure = await onPost(text.trim());
      if (failure === null) setText("");
      else setProblem(failure);
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
            maxLength={COMMENT_MAX}
            placeholder={t("activity:comments.placeholder")}
            onChange={(e) => setText(e.target.value)}
            aria-describedby={problem ? errorId : undefined}
          />
          {problem ? (
            <Text id={errorId} role="alert" color="red.700" fontSize="sm">
              {problem}
            </Text>
          ) : null}
        </Field.Root>
        <Button type="submit" mt={2} colorPalette="teal" size="sm" loading={busy}>
          {t("activity:comments.submit")}
        </Button>
      </form>
    </Box>
  );
}

export interface RecordHistoryProps {
  recordId: number;
  /** The template's fields in the visitor's language: a change names its field as the page does. */
  fields: readonly CCAField[];
  linkPrefix: string;
}

/** "History and comments" of a record: open to everyone; commenting goes through the sign-in wall. */
export function RecordHistory({ recordId, fields, linkPrefix }: RecordHistoryProps) {
  const { t, lang } = useTranslation();
  const refresh = useRefreshAfterWrite();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldNames = new Map(flattenFields(fields).map((f) => [f.fieldId, f.name]));
  const { query, entries } = useActivityPages("ccaData", recordId, (offset) => fetchRecordHistory(getBrowserClient(), recordId, offset, PAGE_SIZE));

  const post = async (body: string): Promise<string | null> => {
    try {
      await waitForAuth();
    } catch {
      return t("activity:comments.sign_in_needed");
    }
    try {
      await addRecordComment(getBrowserClient(), { id: recordId, body, languageId: languageIdFor(lang) });
    } catch (error) {
      return `${t("activity:comments.error")} ${apiErrorMessage(t, error)}`;
    }
    notify.success(t("activity:comments.added"));
    void refresh({ queries: [queryKeys.activity("ccaData", recordId)] });
    headingRef.current?.scrollIntoView({ block: "nearest" });
    return null;
  };

  return (
    <ActivityTimeline
      titleId="record-history-title"
      title={t("data:history.title")}
      headingRef={headingRef}
      mt={10}
      className="cca-no-print"
      query={query}
      entries={entries}
      renderEntry={(e) => <Entry entry={e} linkPrefix={linkPrefix} fieldNames={fieldNames} />}
      loading={{ text: t("activity:history.loading"), py: 2, role: "status" }}
      loadError={{ text: <>{t("activity:history.load_error")} {apiErrorMessage(t, query.error)}</> }}
      empty={t("activity:empty")}
      retryLabel={t("activity:comments.retry")}
      moreLabel={t("activity:history.more")}
      listTestId="record-history"
    >
      <CommentForm onPost={post} />
    </ActivityTimeline>
  );
}

export default withQueryClient(RecordHistory);
