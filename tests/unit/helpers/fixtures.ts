import type { GroupListItem } from "@/contracts/group";
import type { PageTreeNode } from "@/contracts/page";
import type { SessionUser } from "@/contracts/user";
import type { LayoutData } from "@/contracts/layout";
import type { Role } from "@site-config";

export function page(id: number, title: string, children: PageTreeNode[] = [], extra: Partial<PageTreeNode> = {}): PageTreeNode {
  return { id, title, parentId: 0, pageIndex: 0, pageType: "Content", showInMenu: true, showInFooter: true, children, ...extra };
}

export function group(id: number, name: string, extra: Partial<GroupListItem> = {}): GroupListItem {
  return {
    id,
    groupId: id,
    name,
    nameLocal: null,
    icon: `/logos/${id}.png`,
    webAddress: `/group/${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
    displayOrder: id,
    isParticipatory: true,
    ...extra,
  };
}

export function user(roles: Role[] = ["ROLE_USER"], name = "Asha Devi"): SessionUser {
  return { id: 7, name, roles, exp: 4_000_000_000 };
}

export const MAIN_SITE: LayoutData["currentGroup"] = {
  id: null,
  groupId: null,
  name: "Community Conserved Areas",
  nameLocal: null,
  icon: "/logo.svg",
  linkPrefix: "",
  webAddress: "http://localhost:3000",
};

export const FOREST_GROUP: LayoutData["currentGroup"] = {
  id: 3,
  groupId: 3,
  name: "Forest Commons",
  nameLocal: "वन साझा",
  icon: "http://localhost:3000/files-api/api/get/crop/userGroups/logos/3.png",
  linkPrefix: "/group/forest-commons",
  webAddress: "/group/forest-commons",
};

export function layoutData(overrides: Partial<LayoutData> = {}): LayoutData {
  return {
    groups: [group(1, "Sacred Groves", { nameLocal: "देवराई" }), group(2, "Wetland Keepers"), group(3, "Forest Commons")],
    currentGroup: MAIN_SITE,
    pageTree: [page(45, "About", [page(46, "Team")]), page(63, "Donate")],
    navbarPages: [page(5970, "Resources", [page(5971, "Reports")]), page(5980, "Contact")],
    user: null,
    canEditPages: false,
    features: { userGroups: true, languageSwitcher: true, tracking: false, mapsPage: true, webVitals: false },
    siteUrl: "http://localhost:3000",
    ...overrides,
  };
}
