import { Box, Button, Container, Flex, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Head from "next/head";
import NextLink from "next/link";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useCallback, useState } from "react";
import { languageIdFor } from "@site-config";
import type { LayoutData } from "@/contracts/layout";
import type { RecordLabelsInput } from "@/contracts/local-contexts";
import { notify } from "@/components/ui/toaster";
import { BIB_FIELDS, documentFileUrl, formatReference, itemTypeById, toBibtex, type DocumentGroup, type FlagShow, type ShowDocument } from "@/contracts/document";
import { getBrowserClient } from "@/lib/api/client";
import {
  deleteDocument,
  fetchDocumentLabels,
  fetchDocumentPermissions,
  followDocument,
  logDocumentDownload,
  saveDocumentLabels,
  setDocumentFeatured,
  unflagDocument,
} from "@/lib/api/documents";
import { apiErrorMessage } from "@/lib/api/error-message";
import { waitForAuth } from "@/lib/auth/auth-wall";
import { groupHref } from "@/lib/group-link";
import { withQueryClient } from "@/lib/query/query-client";
import type { DocumentDialogKind } from "./document-show-dialogs";
import type { DocumentShowProps } from "./document-show.ssr";
import { queryKeys } from "@/lib/query/query-keys";
import { jsonLdElement } from "@/components/ui/json-ld";
import { documentArticle } from "@/lib/structured-data/document";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";

// The labels load after the page (they bring the governance texts).
const LabelsPanel = dynamic(() => import("@/components/labels/labels-panel").then((m) => m.LabelsPanel), { ssr: false, loading: () => null });

// pdf.js and the activity list load only here, in the browser.
const PdfViewer = dynamic(() => import("./pdf-viewer"), { ssr: false, loading: ViewerLoading });
const DocumentActivity = dynamic(() => import("./document-activity"), { ssr: false });
// The flag, tags and microsites dialogs load when one first opens.
const DocumentShowDialog = dynamic(() => import("./document-show-dialogs"), { ssr: false });

function ViewerLoading() {
  const { t } = useTranslation();
  return <Text p={4}>{t("document:viewer.loading")}</Text>;
}

const safeName = (title: string) => `${title.replace(/[^\p{L}\p{N} ._-]+/gu, "").trim().slice(0, 80) || "document"}`;

/** Signs in first when needed, logs the download, then lets the browser save the file. */
async function logged(doc: ShowDocument, pageUrl: string): Promise<boolean> {
  try {
    await waitForAuth();
  } catch {
    return false;
  }
  const path = documentFileUrl(doc.uFile!.path);
  try {
    await logDocumentDownload(getBrowserClient(), { filePath: path, filterUrl: pageUrl, fileType: doc.uFile!.mimeType === "application/pdf" ? "pdf" : (doc.uFile!.path.split(".").pop() ?? "") });
  } catch {
    // The download still goes ahead; the log is best effort.
  }
  return true;
}

function DocumentShowView({ doc, layout }: DocumentShowProps & { layout: LayoutData }) {
  const { t, lang } = useTranslation();
  const router = useRouter();
  const d = doc.document;
  const prefix = layout.currentGroup.linkPrefix;
  const user = layout.user;
  const isAdmin = user?.roles.includes("ROLE_ADMIN") ?? false;
  const canEdit = !!user && (isAdmin || user.id === d.authorId);
  const permissions = useQuery({
    queryKey: queryKeys.documentPermissions(d.id, user?.id),
    queryFn: () => fetchDocumentPermissions(getBrowserClient(), d.id),
    enabled: !!user,
    retry: false,
  });
  const [following, setFollowing] = useState<boolean | null>(null);
  const isFollowing = following ?? permissions.data?.following ?? false;
  const [showBib, setShowBib] = useState(false);
  const [flags, setFlags] = useState<FlagShow[]>(doc.flag);
  const [tags, setTags] = useState(doc.tags);
  const [groups, setGroups] = useState<DocumentGroup[]>(doc.userGroupIbp);
  const [dialog, setDialog] = useState<DocumentDialogKind | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const myFlag = user ? flags.find((f) => f.user.id === user.id) : undefined;
  const mayEditTags = permissions.data?.canEdit ?? canEdit;
  const postable = permissions.data?.userGroupMember ?? [];
  const featurable = new Set((permissions.data?.userGroupFeature ?? []).map((g) => g.id));
  const fileUrl = doc.uFile ? documentFileUrl(doc.uFile.path) : null;
  const isPdf = doc.uFile?.mimeType === "application/pdf";
  const pageUrl = groupHref(prefix, `/document/show/${d.id}`);
  const typeKey = itemTypeById(d.itemTypeId)?.key ?? "misc";
  const bibtex = toBibtex(d);
  const reference = formatReference(d);
  const refreshAfterWrite = useRefreshAfterWrite();
  const loadLabels = useCallback(() => fetchDocumentLabels(getBrowserClient(), d.id), [d.id]);
  const saveLabels = useCallback((input: RecordLabelsInput) => saveDocumentLabels(getBrowserClient(), d.id, input), [d.id]);

  const follow = async () => {
    try {
      await waitForAuth();
      const res = await followDocument(getBrowserClient(), d.id, !isFollowing);
      setFollowing(res.following);
      notify.success(t(res.following ? "document:show.followed" : "document:show.unfollowed"));
    } catch (error) {
      if (error instanceof Error && error.name === "AuthWallCancelled") return;
      notify.error(apiErrorMessage(t, error));
    }
  };
  const remove = async () => {
    if (!window.confirm(t("document:delete.confirm"))) return;
    try {
      await deleteDocument(getBrowserClient(), d.id);
      notify.success(t("document:delete.success"));
      void router.push(groupHref(prefix, "/document/list"));
    } catch (error) {
      notify.error(apiErrorMessage(t, error));
    }
  };
  /** Runs a write behind a confirmation, showing its button as busy and any failure as a toast. */
  const act = async (key: string, question: string, work: () => Promise<void>) => {
    if (!window.confirm(question)) return;
    setBusy(key);
    try {
      await work();
    } catch (error) {
      notify.error(apiErrorMessage(t, error));
    } finally {
      setBusy(null);
    }
  };
  const openFlag = async () => {
    try {
      await waitForAuth();
    } catch {
      return;
    }
    setDialog("flag");
  };
  const unflag = (flag: FlagShow) =>
    act(`unflag-${flag.id}`, t("document:social.unflag_confirm"), async () => {
      setFlags(await unflagDocument(getBrowserClient(), d.id, flag.id));
      notify.success(t("document:social.unflagged"));
    });
  const feature = (group: DocumentGroup, on: boolean) =>
    act(`feature-${group.id}`, t(on ? "document:social.feature_confirm" : "document:social.unfeature_confirm", { name: group.name }), async () => {
      await setDocumentFeatured(getBrowserClient(), d.id, [group.id], on);
      setGroups((list) => list.map((g) => (g.id === group.id ? { ...g, featured: on } : g)));
      notify.success(t(on ? "document:social.featured_done" : "document:social.unfeatured_done", { name: group.name }));
    });
  const copy = (text: string) => {
    void navigator.clipboard?.writeText(text).then(() => notify.success(t("document:show.copied")));
  };
  const licenseKey = doc.documentLicense.key;
  const info: [string, string][] = [
    [t("document:show.type"), t(`document:types.${typeKey}`)],
    ...BIB_FIELDS.filter((f) => d[f]).map((f): [string, string] => [t(`document:fields.${f}`), d[f]!]),
    [t("document:show.license"), licenseKey ? t(`document:license_names.${licenseKey}`) : doc.documentLicense.name],
    [t("document:show.uploaded_by"), doc.userIbp.name],
  ];

  return (
    <>
      <Head>
        <title>{d.title}</title>
        <meta name="description" content={d.notes.slice(0, 200)} />
        {jsonLdElement(
          "document-jsonld",
          documentArticle({
            id: d.id,
            itemTypeKey: typeKey,
            title: d.title,
            author: d.author ?? d.editor ?? null,
            year: d.year ?? null,
            abstract: d.notes || null,
            publisher: d.publisher ?? d.institution ?? d.school ?? d.organization ?? null,
            licenseUrl: doc.documentLicense.url,
            language: d.languageId === 206 ? "hi" : "en",
            file: fileUrl && isPdf ? { url: fileUrl, mimeType: "application/pdf" } : null,
            doi: d.doi ?? null,
            siteUrl: layout.siteUrl,
            path: `${lang === "en" ? "" : `/${lang}`}/document/show/${d.id}`,
            keywords: tags.map((tag) => tag.name),
          }),
        )}
      </Head>
      <Container maxW="6xl" py={{ base: 4, md: 8 }}>
        <Text fontSize="sm" mb={2}>
          <NextLink href={groupHref(prefix, "/document/list")} prefetch={false} className="cca-doc-back">
            ← {t("document:list.title")}
          </NextLink>
        </Text>
        <span className="cca-doc-badge">{t(`document:types.${typeKey}`)}</span>
        <PageTitle mt={2} mb={3} overflowWrap="anywhere" lang={d.languageId === 206 ? "hi" : undefined}>
          {d.title}
        </PageTitle>
        <HStack gap={2} wrap="wrap" mb={6}>
          {canEdit ? (
            <NextLink href={groupHref(prefix, `/document/edit/${d.id}`)} className="cca-ps-btn" prefetch={false}>
              {t("document:show.edit")}
            </NextLink>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => void follow()} aria-pressed={isFollowing}>
            {t(isFollowing ? "document:show.unfollow" : "document:show.follow")}
          </Button>
          {myFlag ? (
            <Button size="sm" variant="outline" loading={busy === `unflag-${myFlag.id}`} onClick={() => void unflag(myFlag)}>
              {t("document:social.unflag")}
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={() => void openFlag()}>
              {t("document:social.flag")}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => setShowBib((v) => !v)} aria-expanded={showBib} aria-controls="doc-cite">
            {t("document:show.cite")}
          </Button>
          {canEdit ? (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => void remove()}>
              {t("document:show.delete")}
            </Button>
          ) : null}
        </HStack>

        {showBib ? (
          <Box id="doc-cite" bg="white" borderWidth="1px" borderRadius="md" p={4} mb={6}>
            <Heading as="h2" size="md" mb={2}>
              {t("document:show.reference")}
            </Heading>
            <Text mb={2}>{reference}</Text>
            <Button size="xs" variant="outline" mb={4} onClick={() => copy(reference)}>
              {t("document:show.copy")}
            </Button>
            <Heading as="h2" size="md" mb={2}>
              BibTeX
            </Heading>
            <Box as="pre" fontSize="sm" bg="gray.50" p={3} borderRadius="sm" overflowX="auto" whiteSpace="pre-wrap">
              {bibtex}
            </Box>
            <Button size="xs" variant="outline" mt={2} onClick={() => copy(bibtex)}>
              {t("document:show.copy")}
            </Button>
          </Box>
        ) : null}

        <Box as="section" aria-label={t("document:show.document")} mb={6} bg="white" borderWidth="1px" borderRadius="md" overflow="hidden">
          {fileUrl && isPdf ? (
            <PdfViewer file={fileUrl} downloadName={`${safeName(d.title)}.pdf`} onDownload={() => logged(doc, pageUrl)} />
          ) : fileUrl ? (
            <video controls preload="metadata" src={fileUrl} className="cca-doc-frame" aria-label={d.title} />
          ) : d.externalUrl ? (
            <Text p={4}>
              {t("document:show.external")}{" "}
              <a href={d.externalUrl} rel="noopener noreferrer nofollow" target="_blank">
                {d.externalUrl}
              </a>
            </Text>
          ) : (
            <Text p={4}>{t("document:show.no_file")}</Text>
          )}
        </Box>

        <Flex gap={6} direction={{ base: "column", md: "row" }} align="flex-start">
          <Stack flex="1" minW={0} gap={4}>
            {d.notes ? (
              <Box as="section" aria-labelledby="doc-abstract">
                <Heading as="h2" size="lg" id="doc-abstract" mb={2}>
                  {t("document:show.abstract")}
                </Heading>
                <Text whiteSpace="pre-wrap" lang={d.languageId === 206 ? "hi" : undefined}>
                  {d.notes}
                </Text>
              </Box>
            ) : null}
            <Box as="section" aria-labelledby="doc-info">
              <Heading as="h2" size="lg" id="doc-info" mb={2}>
                {t("document:show.information")}
              </Heading>
              <dl className="cca-doc-info">
                {info.map(([k, v]) => (
                  <div key={k} style={{ display: "contents" }}>
                    <dt>{k}</dt>
                    <dd>{v}</dd>
                  </div>
                ))}
              </dl>
            </Box>
            <LabelsPanel
              load={loadLabels}
              save={saveLabels}
              canEdit={mayEditTags && !!user}
              title={d.title}
              dialogDescription={t("document:labels.dialog_description")}
              noneText={t("document:labels.none")}
              testId="document-labels"
              // The document's history gained the change.
              onSaved={() => void refreshAfterWrite({ queries: [queryKeys.activity("document", d.id)] })}
            />
          </Stack>
          <Stack as="aside" w={{ base: "full", md: "18rem" }} gap={4} aria-label={t("document:show.side")}>
            {doc.uFile ? (
              <Button
                colorPalette="teal"
                onClick={() =>
                  void logged(doc, pageUrl).then((ok) => {
                    if (!ok || !fileUrl) return;
                    const a = document.createElement("a");
                    a.href = fileUrl;
                    a.download = `${safeName(d.title)}.${doc.uFile!.path.split(".").pop()}`;
                    document.body.appendChild(a);
                    a.click();
                    a.remove();
                  })
                }
              >
                {t("document:show.download")}
              </Button>
            ) : null}
            <Box as="section" aria-labelledby="doc-microsites">
              <Heading as="h2" size="md" mb={2} id="doc-microsites">
                {t("document:show.microsites")}
              </Heading>
              {groups.length ? (
                <Stack as="ul" listStyleType="none" gap={2}>
                  {groups.map((g) => (
                    <li key={g.id}>
                      <NextLink href={`${g.webAddress}/document/list`} prefetch={false}>
                        {g.name}
                        {g.featured ? ` ★ ${t("document:show.featured")}` : ""}
                      </NextLink>
                      {featurable.has(g.id) ? (
                        <Button
                          size="2xs"
                          variant="outline"
                          ml={2}
                          loading={busy === `feature-${g.id}`}
                          onClick={() => void feature(g, !g.featured)}
                          aria-label={t(g.featured ? "document:social.unfeature_label" : "document:social.feature_label", { name: g.name })}
                        >
                          {t(g.featured ? "document:social.unfeature" : "document:social.feature")}
                        </Button>
                      ) : null}
                    </li>
                  ))}
                </Stack>
              ) : (
                <Text color="gray.600">{t("document:show.no_microsites")}</Text>
              )}
              {postable.length ? (
                <Button size="sm" variant="outline" mt={2} onClick={() => setDialog("microsites")}>
                  {t("document:social.post_microsites")}
                </Button>
              ) : null}
            </Box>
            <Box as="section" aria-labelledby="doc-tags">
              <Heading as="h2" size="md" mb={2} id="doc-tags">
                {t("document:show.tags")}
              </Heading>
              {tags.length ? (
                <ul className="cca-doc-tags">
                  {tags.map((tag) => (
                    <li key={tag.id}>
                      <NextLink href={`${groupHref(prefix, "/document/list")}?tags=${encodeURIComponent(tag.name)}`} prefetch={false}>
                        {tag.name}
                      </NextLink>
                    </li>
                  ))}
                </ul>
              ) : (
                <Text color="gray.600">{t("document:social.no_tags")}</Text>
              )}
              {mayEditTags && user ? (
                <Button size="sm" variant="outline" mt={2} onClick={() => setDialog("tags")}>
                  {t("document:social.edit_tags")}
                </Button>
              ) : null}
            </Box>
            {flags.length ? (
              <Box as="section" aria-labelledby="doc-flags">
                <Heading as="h2" size="md" mb={2} id="doc-flags">
                  {t("document:social.flags")}
                </Heading>
                <Text color="red.700" fontSize="sm" mb={2}>
                  {t("document:show.flagged", { count: flags.length })}
                </Text>
                <Stack as="ul" listStyleType="none" gap={2} fontSize="sm">
                  {flags.map((f) => (
                    <li key={f.id}>
                      <Text fontWeight="semibold">{t(`document:social.flag_types.${f.flag}`)}</Text>
                      {f.notes ? <Text>{f.notes}</Text> : null}
                      <Text color="gray.700">{f.user.name}</Text>
                      {isAdmin || f.user.id === user?.id ? (
                        <Button size="2xs" variant="outline" colorPalette="red" mt={1} loading={busy === `unflag-${f.id}`} onClick={() => void unflag(f)} aria-label={t("document:social.remove_flag_label", { name: f.user.name })}>
                          {t("document:social.remove_flag")}
                        </Button>
                      ) : null}
                    </li>
                  ))}
                </Stack>
              </Box>
            ) : null}
          </Stack>
        </Flex>
        {dialog ? (
          <DocumentShowDialog
            kind={dialog}
            documentId={d.id}
            tags={tags}
            groups={groups}
            postable={postable}
            onClose={() => setDialog(null)}
            onFlags={setFlags}
            onTags={setTags}
            onGroups={(next) => {
              setGroups(next);
              // Featuring is offered in the groups it is now posted to.
              void permissions.refetch();
            }}
          />
        ) : null}
        <DocumentActivity documentId={d.id} languageId={languageIdFor(lang === "hi" ? "hi" : "en")} linkPrefix={prefix} />
      </Container>
    </>
  );
}

/** /document/show/{id}: the document in the page (PDF viewer or video player), its citation, microsites and activity. */
export const DocumentShowScreen = withQueryClient(DocumentShowView);
