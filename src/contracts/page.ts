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
}

/** One entry of `PUT pages-api/api/v1/page/updateTree`: the whole tree, flat (parentId 0 at the root, pageIndex = position among siblings). */
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
