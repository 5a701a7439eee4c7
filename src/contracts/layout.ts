import type { CurrentGroup, GroupListItem } from "@/contracts/group";
import type { PageTreeNode } from "@/contracts/page";
import type { SessionUser } from "@/contracts/user";

export interface LayoutFeatures {
  userGroups: boolean;
  languageSwitcher: boolean;
  tracking: boolean;
  mapsPage: boolean;
  /** Report this page view's web vitals (WEB_VITALS on, tracking on; src/contracts/web-vitals.ts). */
  webVitals: boolean;
}

/** The visitor's place in a group, as the join control shows it. */
export type JoinState = "join" | "requested" | "joined";

/** What the visitor may do in the current group; each flag shows one control in the group header. */
export interface GroupActions {
  /**
   * The membership control: "join" (visitors, who sign in first, and non-members), "requested"
   * (a pending request to a closed group, with withdraw), "joined" (with leave); null when unknown (hidden).
   */
  membership: JoinState | null;
  /** A closed group: joining sends a request, after a confirmation. */
  closed: boolean;
  canCreatePages: boolean;
  /** Admins and the group's founders. */
  canEditMicrosite: boolean;
  /** Admins, founders and moderators: may answer join requests (on the edit screen). */
  canModerate: boolean;
}

/** Everything the shared chrome needs, resolved once per request on the server (and cached). */
export interface LayoutData {
  /** All groups, in displayOrder, for the groups dropdown. */
  groups: GroupListItem[];
  /** The current group (id null on the main site). */
  currentGroup: CurrentGroup;
  /** Page tree of the current group and language (full depth). */
  pageTree: PageTreeNode[];
  /** Children of navbar page 5965 (each may have children of its own). */
  navbarPages: PageTreeNode[];
  /** Decoded from the BAToken cookie; null when signed out. */
  user: SessionUser | null;
  /** May create, edit, delete and reorder the pages of the current tree (admins, page editors; group founders and moderators). */
  canEditPages: boolean;
  features: LayoutFeatures;
  /** Site URL without trailing slash, e.g. http://localhost:3000 (for the site-restricted search). */
  siteUrl: string;
  /** Group-header controls; all hidden when absent or on the main site. */
  groupActions?: GroupActions;
  /** The active announcements in the visitor's language (English when not translated); absent or empty: no banner. */
  announcements?: AnnouncementView[];
}

/** One announcement of the banner: sanitised HTML (when stored) and its colours. */
export interface AnnouncementView {
  id: number;
  html: string;
  color: string;
  bgColor: string;
}

export interface LayoutOptions {
  /** Show the header (navbar, group header, primary menu). Default true. */
  header?: boolean;
  /** Show the footer. Default true. */
  footer?: boolean;
  /**
   * The screen shows the current group's logo, names and join control itself (the group home): on a
   * phone the group header leaves them out, so they show once. No effect on the main site.
   */
  pageShowsGroup?: boolean;
}
