import { Box, Button, Container, Flex, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import dynamic from "next/dynamic";
import Head from "next/head";
import NextLink from "next/link";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import type { LayoutData } from "@/contracts/layout";
import { LazyFailure } from "@/components/ui/lazy-fallback";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toaster";
import type { CCAField } from "@/contracts/template";
import { ApiError } from "@/lib/api/api-error";
import { deleteRecord, restoreRecord, updateRecordFields } from "@/lib/api/cca-record-edit";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage } from "@/lib/api/error-message";
import { queryKeys } from "@/lib/query/query-keys";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";
import { groupHref } from "@/lib/group-link";
// The participation inputs, reused as the brief asks (issue 14); they load only when a field is opened.
import type { FieldEditorProps, FieldSaveOutcome } from "@/components/record-form/field-edit";
import { FieldValueView } from "./data-show-screen";
import { orphanValues, templateSections, titleOf } from "./data-show-model";
import type { DataEditProps } from "./data-edit.ssr";

const FieldEditor = dynamic<FieldEditorProps>(() => import("@/components/record-form/field-edit").then((m) => m.FieldEditor), {
  ssr: false,
  loading: () => <Box minH="4rem" aria-busy="true" />,
});

// The editors dialog of the record page: loads when first opened.
const EditorsDialog = dynamic(() => import("./social/editors-dialog"), { ssr: false, loading: LazyFailure });

const focusLater = (id: string) => window.setTimeout(() => document.getElementById(id)?.focus(), 0);

interface EditableFieldProps {
  field: CCAField;
  value: unknown;
  editing: boolean;
  onOpen: () => void;
  onClose: () => void;
  onSave: FieldEditorProps["onSave"];
}

function EditableField({ field, value, editing, onOpen, onClose, onSave }: EditableFieldProps) {
  const { t } = useTranslation();
  const buttonId = `edit-${field.fieldId}`;
  return (
    <Box as="li" py={4} borderTopWidth="1px" _first={{ borderTopWidth: 0 }} data-field-row={field.fieldId}>
      {editing ? (
        <FieldEditor
          field={field}
          value={value}
          onSave={onSave}
          onCancel={() => {
            onClose();
            focusLater(buttonId);
          }}
        />
      ) : (
        <Flex gap={3} justify="space-between" align="flex-start" wrap="wrap">
          <Box minW={0} flex="1 1 16rem">
            <Text as="h3" fontWeight="semibold" mb={1} id={`name-${field.fieldId}`}>
              {field.name}
              {field.isRequired ? (
                <Text as="span" color="red.700" ms={1} aria-label={t("data:edit.required")}>
                  *
                </Text>
              ) : null}
            </Text>
            <Box overflowWrap="anywhere">
              <FieldValueView type={field.type} value={value} restriction={undefined} />
            </Box>
          </Box>
          <Button id={buttonId} size="sm" variant="outline" onClick={onOpen} aria-describedby={`name-${field.fieldId}`}>
            {t("data:edit.edit")}
          </Button>
        </Flex>
      )}
    </Box>
  );
}

/** `/data/edit/{id}`: every field as on the record page, each with its own editor (Save / Cancel); delete and restore. */
export function DataEditScreen({ record, template, canDelete, canRestore, contributors, layout }: DataEditProps & { layout: LayoutData }) {
  const { t, lang } = useTranslation();
  const refresh = useRefreshAfterWrite();
  const prefix = layout.currentGroup.linkPrefix;
  const fields = template?.fields ?? [];
  const title = titleOf(record, null, fields, lang) ?? `${t("data:show.title_fallback")} ${record.id}`;
  const sections = templateSections(fields);
  const orphans = orphanValues(record, fields);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const [editorsOpen, setEditorsOpen] = useState(false);
  const showHref = groupHref(prefix, `/data/show/${record.id}`);

  const save = async (field: CCAField, ccaFieldValues: Parameters<FieldEditorProps["onSave"]>[0]): Promise<FieldSaveOutcome> => {
    try {
      await updateRecordFields(getBrowserClient(), record, ccaFieldValues, lang === "hi" ? "hi" : "en");
    } catch (error) {
      const e = ApiError.from(error);
      const fieldError = e.fieldErrors?.[field.fieldId];
      if (fieldError) return { ok: false, fieldError };
      return { ok: false, message: `${t("data:edit.save_error")} ${apiErrorMessage(t, error)}` };
    }
    notify.success(t("data:edit.saved", { name: field.name }));
    setEditing(null);
    // Fresh values from the server (rich text sanitised there), without a scroll jump; the history shows the change.
    await refresh({ queries: [queryKeys.activity("ccaData", record.id)], page: true });
    focusLater(`edit-${field.fieldId}`);
    return { ok: true };
  };

  const remove = async () => {
    setBusy(true);
    try {
      await deleteRecord(getBrowserClient(), record.id);
      setConfirming(false);
      setEditing(null);
      setDeleted(true);
      notify.success(t("data:edit.deleted"));
      focusLater("record-deleted");
    } catch (error) {
      notify.error(`${t("data:edit.delete_error")} ${apiErrorMessage(t, error)}`);
    } finally {
      setBusy(false);
    }
  };

  const restore = async () => {
    setBusy(true);
    try {
      await restoreRecord(getBrowserClient(), record.id);
      setDeleted(false);
      notify.success(t("data:edit.restored"));
      await refresh({ page: true });
    } catch (error) {
      notify.error(`${t("data:edit.restore_error")} ${apiErrorMessage(t, error)}`);
    } finally {
      setBusy(false);
    }
  };

  const rows = (list: CCAField[]) => (
    <Box as="ul" listStyleType="none" m={0} p={0}>
      {list.map((field) => (
        <EditableField
          key={field.fieldId}
          field={field}
          value={record.ccaFieldValues[field.fieldId]?.value}
          editing={editing === field.fieldId}
          onOpen={() => setEditing(field.fieldId)}
          onClose={() => setEditing(null)}
          onSave={(values) => save(field, values)}
        />
      ))}
    </Box>
  );

  return (
    <>
      <Head>
        <title>{t("data:edit.page_title", { title })}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <Container maxW="5xl" py={{ base: 6, md: 10 }}>
        <Text fontSize="sm" mb={2}>
          <NextLink href={showHref} prefetch={false} style={{ textDecoration: "underline" }}>
            {t("data:edit.back")}
          </NextLink>
        </Text>
        <Flex gap={4} justify="space-between" align="flex-start" wrap="wrap" mb={6}>
          <Box minW={0}>
            <PageTitle overflowWrap="anywhere">
              {t("data:edit.heading", { title })}
            </PageTitle>
            {template ? (
              <Text color="gray.700" mt={1}>
                {t("data:show.template", { name: template.name })} ({template.shortName})
              </Text>
            ) : null}
          </Box>
          {canDelete && !deleted ? (
            <HStack gap={2} wrap="wrap">
              {/* Who may delete a record (owner, data curators, admins) also chooses its editors. */}
              <Button colorPalette="teal" variant="outline" size="sm" onClick={() => setEditorsOpen(true)}>
                {t("contribute:editors.button")}
              </Button>
              <Button colorPalette="red" variant="outline" size="sm" onClick={() => setConfirming(true)}>
                {t("data:edit.delete")}
              </Button>
            </HStack>
          ) : null}
        </Flex>
        {editorsOpen ? (
          <EditorsDialog
            record={record}
            contributors={contributors}
            title={title}
            onClose={(changed) => {
              setEditorsOpen(false);
              if (changed) void refresh({ page: true });
            }}
          />
        ) : null}

        {deleted ? (
          <Stack id="record-deleted" tabIndex={-1} role="status" gap={3} p={4} borderWidth="1px" borderColor="red.300" bg="red.50" borderRadius="md" align="flex-start">
            <Text fontWeight="semibold">{t("data:edit.deleted_note")}</Text>
            <HStack gap={3} wrap="wrap">
              {canRestore ? (
                <Button colorPalette="teal" size="sm" onClick={() => void restore()} loading={busy}>
                  {t("data:edit.restore")}
                </Button>
              ) : null}
              <NextLink href={groupHref(prefix, "/data/list")} style={{ textDecoration: "underline" }}>
                {t("data:show.back_to_list")}
              </NextLink>
            </HStack>
          </Stack>
        ) : (
          <>
            {fields.length === 0 ? <Text role="alert">{t("data:edit.no_template")}</Text> : null}
            {sections.map((section) => (
              <Box as="section" key={section.id} mb={8} aria-labelledby={`edit-section-${section.id}`}>
                <Heading as="h2" size="lg" mb={2} id={`edit-section-${section.id}`}>
                  {section.title ?? t("data:show.general")}
                </Heading>
                {rows(section.fields)}
              </Box>
            ))}
            {orphans.length > 0 ? (
              <Box as="section" mb={8} aria-labelledby="edit-section-other">
                <Heading as="h2" size="lg" mb={1} id="edit-section-other">
                  {t("data:show.other_values")}
                </Heading>
                <Text fontSize="sm" color="gray.700" mb={3}>
                  {t("data:show.other_values_hint")}
                </Text>
                <Box as="dl">
                  {orphans.map((v) => (
                    <Box key={v.fieldId} py={2}>
                      <Text as="dt" fontWeight="semibold">
                        {v.name}
                      </Text>
                      <Box as="dd" m={0}>
                        <FieldValueView type={v.type} value={v.value} restriction={undefined} />
                      </Box>
                    </Box>
                  ))}
                </Box>
              </Box>
            ) : null}
          </>
        )}
      </Container>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        role="alertdialog"
        closeOnOutsideClick
        title={t("data:edit.delete_title")}
        description={t("data:edit.delete_confirm", { title })}
        footer={
          <HStack gap={3}>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
              {t("data:edit.cancel")}
            </Button>
            <Button colorPalette="red" onClick={() => void remove()} loading={busy}>
              {t("data:edit.delete_yes")}
            </Button>
          </HStack>
        }
      />
    </>
  );
}
