import { Box, Text } from "@chakra-ui/react";
import dynamic from "next/dynamic";
import NextLink from "next/link";
import useTranslation from "@/lib/i18n/use-translation";
import type { LayoutData } from "@/contracts/layout";
import type { CCAData } from "@/contracts/cca-data";
import type { CCAField } from "@/contracts/template";
import { groupHref } from "@/lib/group-link";
import { mayEditRecord } from "./record-access";

// The history loads in the browser (react-query, the comment form), never with the page's first JS.
const RecordHistory = dynamic(() => import("./record-history"), {
  ssr: false,
  loading: () => <Box mt={10} minH="8rem" borderWidth="1px" borderRadius="md" aria-busy="true" />,
});

/** The record page's "Edit" link, for its owner, allowed editors, data curators and admins. */
export function RecordEditLink({ record, layout }: { record: Pick<CCAData, "id" | "userId" | "allowedUsers">; layout: LayoutData }) {
  const { t } = useTranslation();
  if (!mayEditRecord(layout.user, record)) return null;
  return (
    <Text mb={4} className="cca-no-print">
      <NextLink
        href={groupHref(layout.currentGroup.linkPrefix, `/data/edit/${record.id}`)}
        prefetch={false}
        style={{ display: "inline-block", padding: "0.4rem 0.9rem", border: "1px solid #2c7a7b", borderRadius: 6, color: "#234e52", fontWeight: 600 }}
      >
        {t("data:edit.edit_record")}
      </NextLink>
    </Text>
  );
}

/** The record page's history and comments panel. */
export function RecordHistoryPanel({ recordId, fields, layout }: { recordId: number; fields: readonly CCAField[]; layout: LayoutData }) {
  return <RecordHistory recordId={recordId} fields={fields} linkPrefix={layout.currentGroup.linkPrefix} />;
}
