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
