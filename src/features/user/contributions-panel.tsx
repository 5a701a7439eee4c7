import { Box, Button, HStack, Text } from "@chakra-ui/react";
import { Table } from "@/components/ui/chakra/table";
import { TableRegion } from "@/components/ui/table-region";
import useTranslation from "@/lib/i18n/use-translation";
import { useCallback, useEffect, useState } from "react";
import type { CCADataListItem, CCAFieldValue } from "@/contracts/cca-data";
import { AppLink } from "@/components/ui/app-link";
import { getBrowserClient } from "@/lib/api/client";
import { fetchContributions } from "@/lib/api/cca-social";
import { groupHref } from "@/lib/group-link";
import { dateTimeFormat } from "@/shared/format/intl";

export const CONTRIBUTIONS_PAGE_SIZE = 10;

type Load = { state: "loading" } | { state: "failed" } | { state: "ready"; items: CCADataListItem[]; hasMore: boolean };

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(text).filter(Boolean).join(", ");
  if (typeof value === "object") {
    const o = value as { label?: unknown; value?: unknown };
    return text(typeof o.label === "string" && o.label ? o.label : o.value).replace(/\|/g, " → ");
  }
  return "";
}

/** A list item's title: its title values joined, or null. */
export function contributionTitle(titlesValues: readonly CCAFieldValue[]): string | null {
  const parts = titlesValues.map((v) => text(v.value)).filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : null;
}

function date(ms: number, lang: string): string {
  return dateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(ms));
}

/** The "Contributions" tab: the user's records, newest first, a page at a time (one more asked to know if a next page exists). */
export default function ContributionsPanel({ userId, prefix }: { userId: number; prefix: string }) {
  const { t, lang } = useTranslation();
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load>({ state: "loading" });

  const read = useCallback(async () => {
    setLoad({ state: "loading" });
    try {
      const list = await fetchContributions(getBrowserClient(), userId, (page - 1) * CONTRIBUTIONS_PAGE_SIZE, CONTRIBUTIONS_PAGE_SIZE + 1, lang === "hi" ? "hi" : "en");
      setLoad({ state: "ready", items: list.ccaDataList.slice(0, CONTRIBUTIONS_PAGE_SIZE), hasMore: list.ccaDataList.length > CONTRIBUTIONS_PAGE_SIZE });
    } catch {
      setLoad({ state: "failed" });
    }
  }, [userId, page, lang]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the list is read when the tab opens and when the page changes
    void read();
  }, [read]);

  if (load.state === "loading") {
    return (
      <Text role="status" color="gray.600">
        {t("contribute:contributions.loading")}
      </Text>
    );
  }
  if (load.state === "failed") {
    return (
      <HStack role="alert" gap={3}>
        <Text color="red.700">{t("contribute:contributions.failed")}</Text>
        <Button size="sm" variant="outline" onClick={() => void read()}>
          {t("contribute:contributions.retry")}
        </Button>
      </HStack>
    );
  }
  if (load.items.length === 0 && page === 1) return <Text color="gray.600">{t("contribute:contributions.empty")}</Text>;

  return (
    <Box>
      <TableRegion label={t("contribute:contributions.tab")} borderWidth="0">
        <Table.Root size="sm" variant="line">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t("contribute:contributions.name")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("contribute:contributions.template")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("contribute:contributions.created")}</Table.ColumnHeader>
              <Table.ColumnHeader>{t("contribute:contributions.updated")}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {load.items.map((item) => (
              <Table.Row key={item.id}>
                <Table.Cell>
                  <AppLink href={groupHref(prefix, `/data/show/${item.id}`)} color="teal.700" fontWeight="semibold">
                    {contributionTitle(item.titlesValues) ?? t("contribute:contributions.untitled", { id: item.id })}
                  </AppLink>
                </Table.Cell>
                <Table.Cell>{item.templateName}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{date(item.createdOn, lang)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{date(item.updatedOn, lang)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableRegion>
      {page > 1 || load.hasMore ? (
        <HStack as="nav" aria-label={t("contribute:contributions.pages")} gap={3} mt={4} justify="center">
          <Button size="sm" variant="outline" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
            {t("contribute:contributions.previous")}
          </Button>
          <Text aria-live="polite">{t("contribute:contributions.page", { page })}</Text>
          <Button size="sm" variant="outline" disabled={!load.hasMore} onClick={() => setPage((p) => p + 1)}>
            {t("contribute:contributions.next")}
          </Button>
        </HStack>
      ) : null}
    </Box>
  );
}
