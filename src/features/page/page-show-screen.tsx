import Head from "next/head";
import dynamic from "next/dynamic";
import useTranslation from "next-translate/useTranslation";
import { useState } from "react";
import { Box, Container, Grid, Heading, HStack, Text } from "@chakra-ui/react";
import SITE_CONFIG, { languageIdFor } from "@site-config";
import type { LayoutData } from "@/components/layout/layout-types";
import type { PageShowFull } from "@/contracts/page";
import { useSessionUser } from "@/lib/auth/session-context";
import { fileCropUrl } from "@/lib/files";
import { groupHref } from "@/lib/group-link";
import { LazyNamespaces } from "@/lib/i18n/lazy-namespaces";
import { canEditPagesFor } from "@/lib/groups/group-actions";
import { PageBanner } from "./page-banner";
import { ShareButtons, TableOfContents, TocToggle } from "./page-options";
import { findNode } from "./page-tree-moves";
import { PageTreeNav } from "./page-tree-nav";
import type { PageShowProps } from "./page-show.ssr";

/** Editors only: the delete dialog and the API client stay out of visitors' downloads. */
const EditorActions = dynamic(() => import("./page-editor-actions"));

/** Comments load in the browser (lazily, near the viewport); the server sends a placeholder. */
const PageComments = dynamic(() => import("./page-comments"), { ssr: false, loading: CommentsPlaceholder });

function CommentsPlaceholder() {
  const { t } = useTranslation("activity");
  return (
    <Box mt={8} bg="white" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }}>
      <Heading as="h2" size="lg" mb={2}>
        {t("activity:comments.title")}
      </Heading>
      <Text color="gray.600">{t("activity:comments.loading")}</Text>
    </Box>
  );
}

/** Typography for stored page HTML (sanitised on the server and again when prepared for rendering). */
const proseCss = {
  "& h1, & h2, & h3, & h4, & h5, & h6": { scrollMarginTop: "6rem" },
  "& h2": { fontSize: "2xl", fontWeight: "bold", mt: 8, mb: 3 },
  "& h3": { fontSize: "xl", fontWeight: "semibold", mt: 6, mb: 2 },
  "& h4": { fontSize: "lg", fontWeight: "semibold", mt: 4, mb: 2 },
  "& p": { mb: 4, lineHeight: "tall" },
  "& ul, & ol": { pl: 6, mb: 4 },
  "& ul": { listStyleType: "disc" },
  "& ol": { listStyleType: "decimal" },
  "& a": { color: "teal.700", textDecoration: "underline" },
  "& img": { maxW: "100%", height: "auto", borderRadius: "md", my: 4 },
  "& img.img-wrap-left": { float: { md: "left" }, mr: { md: 10 } },
  "& img.img-wrap-right": { float: { md: "right" }, ml: { md: 10 } },
  "& figure": { my: 4 },
  "& figcaption": { fontSize: "sm", color: "gray.600" },
  "& blockquote": { borderLeftWidth: "4px", borderColor: "teal.300", pl: 4, color: "gray.700", my: 4 },
  "& .table-scroll": { overflowX: "auto", my: 4, borderWidth: "1px", borderRadius: "md", maxW: "100%" },
  "& .table-scroll:focus-visible": { outline: "2px solid", outlineColor: "teal.500" },
  "& table": { borderCollapse: "collapse", minW: "100%", fontSize: "sm" },
  "& th, & td": { borderBottomWidth: "1px", px: 3, py: 2, textAlign: "start", verticalAlign: "top", whiteSpace: "nowrap" },
  "& th": { bg: "gray.100", fontWeight: "semibold" },
  "& iframe": { maxW: "100%", width: "100%", aspectRatio: "16 / 9", height: "auto" },
} as const;

const tocLinkCss = {
  "& .page-toc-link": { color: "teal.800", textDecoration: "underline", textUnderlineOffset: "2px" },
  "& .page-toc-link:hover": { color: "teal.600" },
} as const;

/** Meta property names, built so they do not read as translation keys. */
const og = (name: string) => `og:${name}`;
const twitter = (name: string) => `twitter:${name}`;

/** Where the site (or a group with its own domain) answers, without a trailing slash. */
function publicOrigin(layout: LayoutData): string {
  const { currentGroup } = layout;
  if (currentGroup.id !== null && currentGroup.linkPrefix === "" && /^https?:\/\//i.test(currentGroup.webAddress)) {
    try {
      return new URL(currentGroup.webAddress).origin;
    } catch {
      /* fall through to the site URL */
    }
  }
  return layout.siteUrl.replace(/\/+$/, "");
}

/** The picture for social previews: the social preview image, else the first gallery image (600×330). */
function socialImagePath(page: PageShowFull): string | null {
  const file = page.socialPreview || [...page.galleryData].sort((a, b) => a.displayOrder - b.displayOrder)[0]?.fileName;
  if (!file) return null;
  const { WIDTH, HEIGHT } = SITE_CONFIG.THUMBNAILS.SOCIAL;
  return fileCropUrl("pages", file, { w: WIDTH, h: HEIGHT });
}

export function PageShowScreen({ page, toc, layout }: PageShowProps & { layout: LayoutData }) {
  const { t, lang } = useTranslation("page");
  const [tocOpen, setTocOpen] = useState(false);
  // Editors: the server's answer for this request; after a sign-in on this page, the global roles.
  const user = useSessionUser(layout.user);
  const canEdit = user === layout.user ? layout.canEditPages : canEditPagesFor(user, layout.currentGroup, null);
  const prefix = layout.currentGroup.linkPrefix;
  const origin = publicOrigin(layout);
  const localePrefix = lang === SITE_CONFIG.LANG.DEFAULT ? "" : `/${lang}`;
  const pageUrl = `${origin}${localePrefix}${groupHref(prefix, `/page/show/${page.id}`)}`;
  const image = socialImagePath(page);
  const parent = page.parentId ? findNode(layout.pageTree, page.parentId) : undefined;
  const afterDelete = groupHref(prefix, parent ? `/page/show/${parent.id}` : "/");

  return (
    <>
      <Head>
        <title>{page.title}</title>
        {page.description && <meta name="description" key="description" content={page.description} />}
        <meta property={og("type")} content="article" />
        <meta property={og("title")} content={page.title} />
        {page.description && <meta property={og("description")} content={page.description} />}
        <meta property={og("url")} content={pageUrl} />
        {image && <meta property={og("image")} content={`${origin}${image}`} />}
        {image && <meta property={og("image") + ":width"} content={String(SITE_CONFIG.THUMBNAILS.SOCIAL.WIDTH)} />}
        {image && <meta property={og("image") + ":height"} content={String(SITE_CONFIG.THUMBNAILS.SOCIAL.HEIGHT)} />}
        {image && <meta property={og("image") + ":alt"} content={t("page:meta.image_alt", { title: page.title })} />}
        <meta name={twitter("card")} content={image ? "summary_large_image" : "summary"} />
        <meta name={twitter("title")} content={page.title} />
        {page.description && <meta name={twitter("description")} content={page.description} />}
        {image && <meta name={twitter("image")} content={`${origin}${image}`} />}
        <link rel="canonical" href={pageUrl} />
      </Head>
      <PageBanner title={page.title} description={page.description} gallery={page.galleryData} />
      <Box bg="gray.50" borderBottomWidth="1px">
        <Container maxW="6xl" py={2}>
          <HStack as="div" role="group" aria-label={t("page:actions.options")} gap={2} wrap="wrap">
            {toc.length > 0 && <TocToggle open={tocOpen} onToggle={() => setTocOpen((v) => !v)} />}
            <ShareButtons url={pageUrl} title={page.title} />
            {canEdit && <EditorActions pageId={page.id} title={page.title} linkPrefix={prefix} afterDeleteHref={afterDelete} />}
          </HStack>
        </Container>
      </Box>
      <Container maxW="6xl" py={8}>
        <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 5fr) minmax(0, 2fr)" }} gap={8}>
          <Box minW={0}>
            {toc.length > 0 && (
              <Box css={tocLinkCss}>
                <TableOfContents toc={toc} hidden={!tocOpen} />
              </Box>
            )}
            <Box as="article" bg="white" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 8 }} minW={0} css={proseCss}>
              {/* Prepared on the server by preparePageHtml (sanitised; headings with ids; tables scrollable). */}
              <div dangerouslySetInnerHTML={{ __html: page.content }} />
            </Box>
            {page.allowComments && (
              // The reasons a comment could not be posted (auth:codes) come with the comments.
              <LazyNamespaces namespaces={["auth", "form"]} fallback={<CommentsPlaceholder />}>
                <PageComments pageId={page.id} languageId={languageIdFor(lang)} linkPrefix={prefix} />
              </LazyNamespaces>
            )}
          </Box>
          <Box as="aside" order={{ base: -1, lg: 0 }}>
            <PageTreeNav tree={layout.pageTree} currentId={page.id} linkPrefix={prefix} canEdit={canEdit} />
          </Box>
        </Grid>
      </Container>
    </>
  );
}
