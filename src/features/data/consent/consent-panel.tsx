import { Badge, Box, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import dynamic from "next/dynamic";
import { useEffect, useState, type ReactNode } from "react";
import type { RecordAccessLog, RecordConsent, RecordConsentHistory } from "@/contracts/consent";
import { LazyFailure } from "@/components/ui/lazy-fallback";
import { ApiError } from "@/lib/api/api-error";
import { getBrowserClient } from "@/lib/api/client";
import { fetchRecordAccessLog, fetchRecordConsent } from "@/lib/api/consent";
import useTranslation from "@/lib/i18n/use-translation";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";
import { dateTimeFormat } from "@/shared/format/intl";
import { consentDocumentHref } from "@/components/consent/consent-links";
import type { ConsentDialogMode } from "./consent-dialog";

// The change and withdrawal dialogs load when first opened, not with the panel.
const ConsentDialog = dynamic(() => import("./consent-dialog"), { ssr: false, loading: LazyFailure });

/** `YYYY-MM-DD` as a date in the visitor's language (a calendar date: no time zone shift). */
function calendarDate(day: string, lang: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

function recordedLine(consent: RecordConsent, t: ReturnType<typeof useTranslation>["t"], lang: string): string {
  const date = dateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(consent.recordedOn));
  return consent.recordedBy ? t("governance:panel.recorded", { name: consent.recordedBy.name, date }) : t("governance:panel.recorded_unknown", { date });
}

function ConsentDetails({ consent }: { consent: RecordConsent }) {
  const { t, lang } = useTranslation();
  const rows: Array<{ key: string; label: string; value: ReactNode }> = [
    { key: "audience", label: t("governance:panel.audience"), value: t(`governance:audience.${consent.audience}`) },
    { key: "registries", label: t("governance:panel.registries"), value: consent.registries ? t("governance:panel.registries_yes") : t("governance:panel.registries_no") },
    { key: "givenBy", label: t("governance:panel.given_by"), value: t(`governance:giver.${consent.givenBy}`) },
    { key: "method", label: t("governance:panel.method"), value: t(`governance:method.${consent.method}`) },
    { key: "givenOn", label: t("governance:panel.given_on"), value: <time dateTime={consent.givenOn}>{calendarDate(consent.givenOn, lang)}</time> },
  ];
  if (consent.document) {
    rows.push({
      key: "document",
      label: t("governance:panel.document"),
      value: (
        <a href={consentDocumentHref(consent.document)} target="_blank" rel="noopener noreferrer" style={{ textDecoration: "underline" }}>
          {t("governance:panel.document_link")}
        </a>
      ),
    });
  }
  if (consent.note) rows.push({ key: "note", label: t("governance:panel.note"), value: <Text as="span" whiteSpace="pre-wrap">{consent.note}</Text> });
  return (
    <dl className="cca-ds-values">
      {rows.map((row) => (
        <div key={row.key} style={{ display: "contents" }}>
          <dt>{row.label}</dt>
          <dd data-consent={row.key}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface ConsentPanelViewProps {
  consent: RecordConsentHistory;
  /** Who read the record below the public (null: not loaded, or not answered). */
  accessLog?: RecordAccessLog | null;
  onChange: () => void;
  onWithdraw: () => void;
}

/** Who has read the record below the public without being one of its keepers, newest first. */
function AccessLogList({ log }: { log: RecordAccessLog }) {
  const { t, lang } = useTranslation();
  const format = dateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  return (
    <Box mt={6} data-testid="consent-readers">
      <Heading as="h3" size="md" mb={2}>
        {t("governance:panel.readers")}
      </Heading>
      {log.entries.length === 0 ? (
        <Text>{t("governance:panel.readers_none")}</Text>
      ) : (
        <Stack as="ol" listStyleType="none" gap={0} m={0} p={0}>
          {log.entries.map((e, i) => (
            <Box as="li" key={`${e.readOn}-${i}`} py={1}>
              {t("governance:panel.reader_line", { name: e.reader?.name ?? t("governance:panel.reader_unknown"), audience: t(`governance:audience.${e.audience}`) })}{" "}
              <time dateTime={e.readOn}>{format.format(new Date(e.readOn))}</time>
            </Box>
          ))}
        </Stack>
      )}
      {log.total > log.entries.length ? (
        <Text fontSize="sm" color="gray.600" mt={1}>
          {t("governance:panel.readers_more", { count: log.total - log.entries.length })}
        </Text>
      ) : null}
    </Box>
  );
}

/** The record's consent for its managers: the current one, the earlier ones, and (when allowed) change or withdraw. */
export function ConsentPanelView({ consent, accessLog = null, onChange, onWithdraw }: ConsentPanelViewProps) {
  const { t, lang } = useTranslation();
  const { current } = consent;
  const earlier = consent.history.filter((c) => c.id !== current?.id);
  return (
    <Box as="section" aria-labelledby="consent-title" className="cca-ds-section cca-no-print" data-testid="consent-panel">
      <Heading as="h2" size="lg" mb={3} id="consent-title">
        {t("governance:panel.title")}
      </Heading>
      {current ? (
        <>
          <Heading as="h3" size="md" mb={2}>
            {t("governance:panel.current")}
          </Heading>
          <ConsentDetails consent={current} />
          <Text fontSize="sm" color="gray.600" mt={2}>
            {recordedLine(current, t, lang)}
          </Text>
        </>
      ) : (
        <Text>{t("governance:panel.none")}</Text>
      )}
      {consent.canChange ? (
        <HStack gap={2} mt={4} flexWrap="wrap">
          <Button size="sm" colorPalette="teal" onClick={onChange}>
            {t("governance:panel.change")}
          </Button>
          {current && current.audience !== "NONE" ? (
            <Button size="sm" variant="outline" colorPalette="red" onClick={onWithdraw}>
              {t("governance:panel.withdraw")}
            </Button>
          ) : null}
        </HStack>
      ) : null}
      {earlier.length > 0 ? (
        <Box mt={6}>
          <Heading as="h3" size="md" mb={2}>
            {t("governance:panel.history")}
          </Heading>
          <Stack as="ol" listStyleType="none" gap={0} m={0} p={0}>
            {earlier.map((c) => (
              <Box as="li" key={c.id} py={2} borderTopWidth="1px" _first={{ borderTopWidth: 0 }}>
                <Text>
                  <Text as="span" fontWeight="semibold">
                    {t(`governance:audience.${c.audience}`)}
                  </Text>
                  {" · "}
                  {t(`governance:giver.${c.givenBy}`)}
                  {" · "}
                  {t(`governance:method.${c.method}`)}
                  {" · "}
                  <time dateTime={c.givenOn}>{calendarDate(c.givenOn, lang)}</time>
                  {c.narrowed ? (
                    <Badge ms={2} colorPalette="orange" variant="subtle">
                      {t("governance:panel.narrowed")}
                    </Badge>
                  ) : null}
                </Text>
                <Text fontSize="sm" color="gray.600">
                  {recordedLine(c, t, lang)}
                </Text>
              </Box>
            ))}
          </Stack>
        </Box>
      ) : null}
      {accessLog ? <AccessLogList log={accessLog} /> : null}
    </Box>
  );
}

export interface ConsentPanelProps {
  recordId: number;
  /** The record's title, for the dialogs. */
  title: string;
}

type PanelState = { status: "loading" } | { status: "hidden" } | { status: "error" } | { status: "ready"; consent: RecordConsentHistory; accessLog: RecordAccessLog | null };

/**
 * The record page's consent panel, loaded for signed-in visitors: shown when `GET data/consent/{id}`
 * answers (the record's managers); nothing for everyone else (403, 404).
 */
export default function ConsentPanel({ recordId, title }: ConsentPanelProps) {
  const { t } = useTranslation();
  const refreshAfterWrite = useRefreshAfterWrite();
  const [state, setState] = useState<PanelState>({ status: "loading" });
  const [dialog, setDialog] = useState<ConsentDialogMode | null>(null);

  useEffect(() => {
    let live = true;
    const client = getBrowserClient();
    fetchRecordConsent(client, recordId).then(
      async (consent) => {
        // Who has read it: the same keepers may; a failure leaves the list out, not the panel.
        const accessLog = await fetchRecordAccessLog(client, recordId).catch(() => null);
        if (live) setState({ status: "ready", consent, accessLog });
      },
      (error: unknown) => {
        if (!live) return;
        const { status } = ApiError.from(error);
        setState(status === 401 || status === 403 || status === 404 ? { status: "hidden" } : { status: "error" });
      },
    );
    return () => {
      live = false;
    };
  }, [recordId]);

  if (state.status === "loading" || state.status === "hidden") return null;
  if (state.status === "error") {
    return (
      <Text className="cca-no-print" color="red.700" my={4} role="alert">
        {t("governance:panel.load_error")}
      </Text>
    );
  }
  return (
    <>
      <ConsentPanelView consent={state.consent} accessLog={state.accessLog} onChange={() => setDialog("change")} onWithdraw={() => setDialog("withdraw")} />
      {dialog ? (
        <ConsentDialog
          recordId={recordId}
          title={title}
          mode={dialog}
          current={state.consent.current}
          onClose={(changed) => {
            setDialog(null);
            if (changed) {
              setState({ status: "ready", consent: changed, accessLog: state.accessLog });
              // The page's notice and the record's audience come from the server.
              void refreshAfterWrite({ page: true });
            }
          }}
        />
      ) : null}
    </>
  );
}
