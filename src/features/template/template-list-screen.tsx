import { Badge, Button, Container, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import { Table } from "@/components/ui/chakra/table";
import { TableRegion } from "@/components/ui/table-region";
import Head from "next/head";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import { MASTER_SHORT_NAME, type CCATemplateSummary } from "@/contracts/template";
import type { LayoutData } from "@/contracts/layout";
import { AppLink } from "@/components/ui/app-link";
import { PlusIcon } from "@/components/ui/icons";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toaster";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage } from "@/lib/api/error-message";
import { deleteTemplate, restoreTemplate } from "@/lib/api/templates";
import { bus } from "@/lib/events/bus";
import { groupHref } from "@/lib/group-link";
import type { TemplateListProps } from "./template-list.ssr";
import { dateTimeFormat } from "@/shared/format/intl";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";

/** A date that reads the same on the server and in the browser (Indian time). */
export function formatDay(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return dateTimeFormat(lang, { dateStyle: "medium", timeZone: "Asia/Kolkata" }).format(date);
}

/** A row's links are targets of at least 24 × 24 px in every language (WCAG 2.5.8: "देखें" is narrower than "View"). */
const ROW_LINK = { color: "teal.700", display: "inline-flex", alignItems: "center", justifyContent: "center", minH: "6", minW: "6", px: "1" } as const;

function LoadFailure() {
  const { t } = useTranslation();
  const refresh = useRefreshAfterWrite();
  return (
    <Stack role="alert" gap={2} align="flex-start" py={4}>
      <Text color="red.700">{t("template:list.load_error")}</Text>
      <Button size="sm" variant="outline" onClick={() => void refresh({ page: true, scrollToTop: true })}>
        {t("template:list.retry")}
      </Button>
    </Stack>
  );
}

interface TemplateTableProps {
  caption: string;
  rows: CCATemplateSummary[];
  linkPrefix: string;
  /** Live templates: edit, responses and delete; deleted ones: restore. */
  mode: "live" | "deleted";
  busy: string | null;
  onDelete: (t: CCATemplateSummary) => void;
  onRestore: (t: CCATemplateSummary) => void;
}

function TemplateTable({ caption, rows, linkPrefix, mode, busy, onDelete, onRestore }: TemplateTableProps) {
  const { t, lang } = useTranslation();
  return (
    <TableRegion label={caption}>
      <Table.Root size="sm" minW="40rem">
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t("template:list.columns.name")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("template:list.columns.created")}</Table.ColumnHeader>
            <Table.ColumnHeader>{t("template:list.columns.updated")}</Table.ColumnHeader>
            {mode === "live" ? (
              <>
                <Table.ColumnHeader>{t("template:list.columns.edit")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("template:list.columns.responses")}</Table.ColumnHeader>
                <Table.ColumnHeader>{t("template:list.columns.delete")}</Table.ColumnHeader>
              </>
            ) : (
              <Table.ColumnHeader>{t("template:list.columns.restore")}</Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.shortName} data-template={row.shortName}>
              <Table.Cell>
                <Text fontWeight="semibold">{row.name}</Text>
                <HStack gap={2}>
                  <Text as="span" fontSize="xs" color="gray.600" fontFamily="mono">
                    {row.shortName}
                  </Text>
                  {row.shortName === MASTER_SHORT_NAME && <Badge colorPalette="teal">{t("template:list.master")}</Badge>}
                </HStack>
              </Table.Cell>
              <Table.Cell>
                <time dateTime={row.createdOn}>{formatDay(row.createdOn, lang)}</time>
              </Table.Cell>
              <Table.Cell>
                <time dateTime={row.updatedOn}>{formatDay(row.updatedOn, lang)}</time>
              </Table.Cell>
              {mode === "live" ? (
                <>
                  <Table.Cell>
                    <AppLink {...ROW_LINK} href={groupHref(linkPrefix, `/template/edit/${encodeURIComponent(row.shortName)}`)} aria-label={t("template:list.edit_label", { name: row.name })}>
                      {t("template:list.edit")}
                    </AppLink>
                  </Table.Cell>
                  <Table.Cell>
                    <AppLink {...ROW_LINK} href={groupHref(linkPrefix, `/data/table/${encodeURIComponent(row.shortName)}`)} aria-label={t("template:list.responses_label", { name: row.name })}>
                      {t("template:list.view")}
                    </AppLink>
                  </Table.Cell>
                  <Table.Cell>
                    {row.shortName === MASTER_SHORT_NAME ? (
                      <Text as="span" fontSize="sm" color="gray.600">
                        {t("template:list.master_kept")}
                      </Text>
                    ) : (
                      <Button size="xs" variant="outline" colorPalette="red" onClick={() => onDelete(row)} aria-label={t("template:list.delete_label", { name: row.name })}>
                        {t("template:list.delete")}
                      </Button>
                    )}
                  </Table.Cell>
                </>
              ) : (
                <Table.Cell>
                  <Button size="xs" variant="outline" loading={busy === row.shortName} onClick={() => onRestore(row)} aria-label={t("template:list.restore_label", { name: row.name })}>
                    {t("template:list.restore")}
                  </Button>
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableRegion>
  );
}

const byName = (a: CCATemplateSummary, b: CCATemplateSummary) =>
  a.shortName === MASTER_SHORT_NAME ? -1 : b.shortName === MASTER_SHORT_NAME ? 1 : a.name.localeCompare(b.name);

/** `/template/list`: the templates with edit, responses and delete, and the deleted ones to restore. */
export function TemplateListScreen({ templates, deleted, layout }: TemplateListProps & { layout: LayoutData }) {
  const { t } = useTranslation();
  const linkPrefix = layout.currentGroup.linkPrefix;
  const [live, setLive] = useState(templates);
  const [gone, setGone] = useState(deleted);
  const [confirming, setConfirming] = useState<CCATemplateSummary | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const remove = async () => {
    if (!confirming) return;
    const target = confirming;
    setBusy(target.shortName);
    try {
      await deleteTemplate(getBrowserClient(), target.shortName);
      setLive((rows) => rows?.filter((r) => r.shortName !== target.shortName) ?? rows);
      setGone((rows) => (rows ? [...rows, { ...target, isDeleted: true }].sort(byName) : rows));
      bus.emit("template_deleted", { shortName: target.shortName });
      notify.success(t("template:list.deleted", { name: target.name }));
      setConfirming(null);
    } catch (error) {
      notify.error(`${t("template:list.delete_error")} ${apiErrorMessage(t, error)}`);
    } finally {
      setBusy(null);
    }
  };

  const restore = async (target: CCATemplateSummary) => {
    setBusy(target.shortName);
    try {
      await restoreTemplate(getBrowserClient(), target.shortName);
      setGone((rows) => rows?.filter((r) => r.shortName !== target.shortName) ?? rows);
      setLive((rows) => (rows ? [...rows, { ...target, isDeleted: false }].sort(byName) : rows));
      notify.success(t("template:list.restored", { name: target.name }));
    } catch (error) {
      notify.error(`${t("template:list.restore_error")} ${apiErrorMessage(t, error)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Head>
        <title>{t("template:list.title")}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <Container maxW="6xl" py={{ base: 6, md: 10 }}>
        <HStack justify="space-between" wrap="wrap" gap={3} mb={6}>
          <PageTitle>
            {t("template:list.title")}
          </PageTitle>
          <Button asChild colorPalette="teal" size="sm">
            <AppLink href={groupHref(linkPrefix, "/template/create")} color="white" _hover={{ textDecoration: "none" }}>
              <PlusIcon aria-hidden="true" />
              {t("template:list.create")}
            </AppLink>
          </Button>
        </HStack>
        {live === null ? (
          <LoadFailure />
        ) : live.length === 0 ? (
          <Text color="gray.700">{t("template:list.empty")}</Text>
        ) : (
          <TemplateTable caption={t("template:list.title")} rows={live} linkPrefix={linkPrefix} mode="live" busy={busy} onDelete={setConfirming} onRestore={restore} />
        )}
        <Heading as="h2" size="lg" mt={10} mb={3}>
          {t("template:list.deleted_title")}
        </Heading>
        {gone === null ? (
          <LoadFailure />
        ) : gone.length === 0 ? (
          <Text color="gray.700">{t("template:list.deleted_empty")}</Text>
        ) : (
          <TemplateTable caption={t("template:list.deleted_title")} rows={gone} linkPrefix={linkPrefix} mode="deleted" busy={busy} onDelete={setConfirming} onRestore={restore} />
        )}
      </Container>
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        role="alertdialog"
        closeOnOutsideClick
        title={t("template:list.delete_title", { name: confirming?.name ?? "" })}
        description={t("template:list.delete_body")}
        footer={
          <HStack gap={3}>
            <Button variant="outline" onClick={() => setConfirming(null)}>
              {t("form:cancel")}
            </Button>
            <Button colorPalette="red" loading={busy !== null} onClick={() => void remove()}>
              {t("template:list.delete_confirm")}
            </Button>
          </HStack>
        }
      />
    </>
  );
}
