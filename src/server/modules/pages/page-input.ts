import SITE_CONFIG from "@site-config";
import type { PageType } from "@/contracts/page";
import type { PageCreateBody, PageTreeBody, PageUpdateBody } from "@/contracts/page.schema";
import type { PageFieldsUpdate } from "./page.repository";

/**
 * Page write bodies checked against the contract (src/contracts/page.schema.ts), normalised for storing:
 * text trimmed where it is stored trimmed, the defaults of absent switches, a Redirect page without content.
 */
export interface GalleryInput {
  id: number | null;
  fileName: string;
  caption: string | null;
  attribution: string | null;
  licenseId: number | null;
  displayOrder: number;
}

/** The fields both create and update carry: the stored page fields and the gallery. */
export interface PageFieldsInput extends PageFieldsUpdate {
  galleryData: GalleryInput[];
}

export interface PageCreateInput extends PageFieldsInput {
  parentId: number;
  userGroupId: number | null;
  languageId: number;
}

export interface PageUpdateInput extends PageFieldsInput {
  id: number;
  /** The language of title, content and description; null: the page's own language. */
  languageId: number | null;
  /** The optimistic version the editor read (PageShowFull.version); null: unchecked (the reference UI sends none). */
  version: string | null;
}

export interface TreeItemInput {
  id: number;
  parentId: number;
  pageIndex: number;
}

function toPageFields(body: PageCreateBody | PageUpdateBody): PageFieldsInput {
  const pageType = body.pageType as PageType;
  return {
    title: body.title,
    content: pageType === "Redirect" ? "" : (body.content ?? ""),
    description: body.description?.trim() || null,
    socialPreview: body.socialPreview || null,
    pageType,
    url: pageType === "Redirect" ? (body.url ?? "").trim() : null,
    sticky: body.sticky ?? true,
    showInFooter: body.showInFooter ?? false,
    showInMenu: body.showInMenu ?? false,
    allowComments: body.allowComments ?? false,
    galleryData: (body.galleryData ?? []).map((g, i) => ({
      id: g?.id ?? null,
      fileName: g?.fileName ?? "",
      caption: g?.caption ?? null,
      attribution: g?.attribution ?? null,
      licenseId: g?.licenseId ?? null,
      displayOrder: g?.displayOrder ?? i + 1,
    })),
  };
}

export function toPageCreateInput(body: PageCreateBody): PageCreateInput {
  return { ...toPageFields(body), parentId: body.parentId ?? 0, userGroupId: body.userGroupId ?? null, languageId: body.languageId ?? SITE_CONFIG.LANG.DEFAULT_ID };
}

export function toPageUpdateInput(body: PageUpdateBody): PageUpdateInput {
  return { ...toPageFields(body), id: body.id!, languageId: body.languageId ?? null, version: body.version || null };
}

export function toTreeItems(body: PageTreeBody): TreeItemInput[] {
  return body.map((item) => ({ id: item.id!, parentId: item.parentId!, pageIndex: item.pageIndex! }));
}
