import Head from "next/head";
import dynamic from "next/dynamic";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import SITE_CONFIG, { languageIdFor } from "@site-config";
import type { LayoutData } from "@/contracts/layout";
import type { PageShowFull } from "@/contracts/page";
import { useSessionUser } from "@/components/auth/session-context";
import { fileCropUrl } from "@/shared/files";
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
    <div className="cca-ps-placeholder">
      <h2 className="cca-ps-heading">{t("activity:comments.title")}</h2>
      <p>{t("activity:comments.loading")}</p>
    </div>
  );
}

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
      {/* The screen's class names (page-styles.ts); plain elements render far cheaper than style props. */}
      <PageBanner title={page.title} description={page.description} gallery={page.galleryData} />
      <div className="cca-ps-options">
        <div className="cca-ps-container">
          <div role="group" aria-label={t("page:actions.options")} className="cca-ps-options__row">
            {toc.length > 0 && <TocToggle open={tocOpen} onToggle={() => setTocOpen((v) => !v)} />}
            <ShareButtons url={pageUrl} title={page.title} />
            {canEdit && <EditorActions pageId={page.id} title={page.title} linkPrefix={prefix} afterDeleteHref={afterDelete} />}
          </div>
        </div>
      </div>
      <div className="cca-ps-container cca-ps-body">
        <div className="cca-ps-grid">
          <div className="cca-ps-main">
            {toc.length > 0 && <TableOfContents toc={toc} hidden={!tocOpen} />}
            <article className="cca-ps-prose">
              {/* Prepared on the server by preparePageHtml (sanitised; headings with ids; tables scrollable). */}
              <div dangerouslySetInnerHTML={{ __html: page.content }} />
            </article>
            {page.allowComments && (
              // The reasons a comment could not be posted (auth:codes) come with the comments.
              <LazyNamespaces namespaces={["auth", "form"]} fallback={<CommentsPlaceholder />}>
                <PageComments pageId={page.id} languageId={languageIdFor(lang)} linkPrefix={prefix} />
              </LazyNamespaces>
            )}
          </div>
          <aside className="cca-ps-aside">
            <PageTreeNav tree={layout.pageTree} currentId={page.id} linkPrefix={prefix} canEdit={canEdit} />
          </aside>
        </div>
      </div>
    </>
  );
}
