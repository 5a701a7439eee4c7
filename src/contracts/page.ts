/** Page contracts (reference §4.1). JSON values of pageType are "Content" / "Redirect". */
export type PageType = "Content" | "Redirect";

export interface PageTreeNode {
  id: number;
  title: string;
  parentId: number;
  pageIndex: number;
  pageType: PageType;
  showInMenu: boolean;
  showInFooter: boolean;
  /**
   * A Redirect page's target (null for a Content page), so menus can say a link leaves the site.
   * Added to the reference's PageTree; always sent by the platform (optional for older clients' data).
   */
  url?: string | null;
  children: PageTreeNode[];
}

export interface PageGalleryItem {
  id: number;
  fileName: string;
  caption: string | null;
  attribution: string | null;
  licenseId: number | null;
  displayOrder: number;
}

export interface PageShowMinimal {
  id: number;
  title: string;
  content: string;
  description: string | null;
  socialPreview: string | null;
  url: string | null;
  pageType: PageType;
  galleryData: PageGalleryItem[];
  allowComments: boolean;
}

export interface PageAuthor {
  id: number;
  name: string;
  profilePic: string | null;
  isAdmin: boolean;
}

export interface PageShowFull extends PageShowMinimal {
  userIbp: PageAuthor | null;
  languageId: number;
  userGroupId: number | null;
  parentId: number;
  pageIndex: number;
  /** ISO 8601 timestamp. */
  date: string;
  sticky: boolean;
  showInFooter: boolean;
  showInMenu: boolean;
  /** The optimistic version: sent back with `PUT page` (a save from an older one answers 409). Always sent by the platform. */
  version?: string;
}

/**
 * A gallery item as page writes send it (`galleryData`): with `id` an existing item is updated,
 * without one it is created. Items left out are kept; they go only through the gallery-remove call.
 */
export interface PageGalleryInput {
  id?: number | null;
  /** Store path in the `pages` files directory, as the upload answered it: `/<hash>/<name>`. */
  fileName: string;
  caption: string | null;
  attribution: string | null;
  licenseId: number | null;
  displayOrder: number;
}

/** The fields create and update both carry (server: page.validation.ts PageFieldsInput). */
export interface PageWriteFields {
  title: string;
  content: string;
  description: string | null;
  socialPreview: string | null;
  pageType: PageType;
  url: string | null;
  sticky: boolean;
  showInFooter: boolean;
  showInMenu: boolean;
  allowComments: boolean;
  galleryData: PageGalleryInput[];
}

/** POST pages-api/api/v1/page. `userGroupId` null = the main site; `parentId` 0 = a root page. */
export interface PageCreate extends PageWriteFields {
  parentId: number;
  userGroupId: number | null;
  languageId: number;
}

/**
 * PUT pages-api/api/v1/page. Parent and order change only through updateTree. With `languageId` other
 * than the page's own, title, content and description are saved as its translation into that language.
 */
export interface PageUpdate extends PageWriteFields {
  id: number;
  languageId?: number;
  /** The version the editor read (PageShowFull.version); left out, the save is not checked. */
  version?: string;
}

/** One row of PUT pages-api/api/v1/page/updateTree (a partial list moves only the pages it names). */
export interface PageTreeItem {
  id: number;
  parentId: number;
  pageIndex: number;
}

/** `POST pages-api/api/v1/page/add/comment`. */
export interface PageCommentCreate {
  body: string;
  languageId: number;
  rootHolderId: number;
  rootHolderType: "page";
  subRootHolderId: null;
  subRootHolderType: null;
}

/** Longest comment the platform takes (characters, after trimming). */
export const COMMENT_MAX_LENGTH = 2000;

/** What page writes answer: the stored fields without content, the gallery under `gallerySilder` (sic). */
export interface PageEntity {
  id: number;
  title: string;
  description: string | null;
  socialPreview: string | null;
  userGroupId: number | null;
  languageId: number;
  parentId: number;
  pageIndex: number;
  pageType: PageType;
  url: string | null;
  autherId: number | null;
  autherName: string | null;
  date: string;
  sticky: boolean;
  showInFooter: boolean;
  showInMenu: boolean;
  allowComments: boolean;
  /** The page's optimistic version after this write (see PageShowFull.version). */
  version?: string;
  gallerySilder: (PageGalleryItem & { pageId: number })[];
}
