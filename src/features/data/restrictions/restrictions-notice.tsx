import { Box, Text } from "@chakra-ui/react";
import type { CCAData } from "@/contracts/cca-data";
import type { AppliedFieldRestriction, AppliedRecordRestriction } from "@/contracts/restrictions";
import { labelById } from "@/contracts/local-contexts";
import useTranslation from "@/lib/i18n/use-translation";
import { dateTimeFormat } from "@/shared/format/intl";
import { flattenFields, type CCAField } from "@/contracts/template";

type T = ReturnType<typeof useTranslation>["t"];

/** A calendar day (`YYYY-MM-DD`) in the visitor's language. */
function day(until: string | null | undefined, lang: string): string {
  if (!until) return "";
  const date = new Date(`${until}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? until : dateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/** "Withheld", "Generalised", "Embargoed until 1 Jun 2027", in the visitor's language. */
export function treatmentText(r: { treatment: string; until?: string | null }, t: T, lang: string): string {
  return t(`governance:restrictions.treatments.${r.treatment}`, { until: day(r.until, lang) });
}

/** Why, and where it comes from: "sacred site — the label “Secret / Sacred”". */
export function reasonText(r: AppliedFieldRestriction | AppliedRecordRestriction, t: T): string {
  const reason = t(`governance:restrictions.reasons.${r.reason}`);
  const label = r.labelId ? labelById(r.labelId) : undefined;
  const source = t(`governance:restrictions.sources.${r.source}`, { label: label ? t(`governance:labels.types.${label.id}.name`) : "" });
  return `${reason} — ${source}`;
}

/**
 * What of the record is withheld or generalised and why (issue 30, item 2), under its title: readers
 * without its exact values are told, never left with silent blanks. Nothing when nothing is restricted.
 */
export function RestrictionsNotice({ record, fields }: { record: Pick<CCAData, "restrictions" | "recordRestriction" | "ccaFieldValues">; fields: readonly CCAField[] }) {
  const { t, lang } = useTranslation();
  const byId = new Map(flattenFields(fields).map((f) => [f.fieldId, f.name]));
  // A place's own template precision has its note by the map already ("Location shown approximately").
  const types = new Map(flattenFields(fields).map((f) => [f.fieldId, f.type]));
  const lines = Object.entries(record.restrictions ?? {})
    .filter(([fieldId, r]) => !(r.source === "TEMPLATE" && r.reason === "SENSITIVE_LOCATION" && types.get(fieldId) === "GEOMETRY"))
    .map(([fieldId, r]) =>
    t("governance:restrictions.field_line", { field: byId.get(fieldId) ?? record.ccaFieldValues[fieldId]?.name ?? fieldId, treatment: treatmentText(r, t, lang), reason: reasonText(r, t) }),
  );
  if (record.recordRestriction)
    lines.unshift(t("governance:restrictions.record_line", { treatment: treatmentText(record.recordRestriction, t, lang), reason: reasonText(record.recordRestriction, t) }));
  if (lines.length === 0) return null;
  return (
    <Box role="note" data-testid="restrictions-notice" borderLeftWidth="4px" borderColor="orange.400" bg="orange.50" px={4} py={3} mb={4} maxW="3xl">
      <Text fontWeight="semibold">{t("governance:restrictions.notice_title")}</Text>
      <Box as="ul" ps={5} m={0}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
    </Box>
  );
}
