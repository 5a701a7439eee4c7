import { describe, expect, it } from "vitest";
import { FIXED_LINKS, visibleFixedLinks } from "@/components/layout/fixed-links";
import { selectFooterPages } from "@/components/layout/footer-pages";
import { groupIconUrl } from "@/components/layout/group-icon";
import { filterGroups } from "@/components/layout/group-search";
import { flattenPages, menuPages } from "@/components/layout/page-tree";
import { portalSearchPath, searchFormAction, siteSearchUrl } from "@/components/layout/navbar-search";
import { group, page, user } from "./helpers/fixtures";

const paths = (links: readonly { path: string }[]) => links.map((l) => l.path);

describe("[LAYOUT] fixed navbar links follow roles and preview mode", () => {
  it("an anonymous visitor sees Participate only", () => {
    expect(paths(visibleFixedLinks(FIXED_LINKS, null, false))).toEqual(["/participate/list"]);
  });

  it("admins and template curators also see Templates; other roles do not", () => {
    expect(paths(visibleFixedLinks(FIXED_LINKS, user(["ROLE_ADMIN"]), false))).toEqual(["/participate/list", "/template/list"]);
    expect(paths(visibleFixedLinks(FIXED_LINKS, user(["ROLE_TEMPLATECURATOR"]), false))).toContain("/template/list");
    expect(paths(visibleFixedLinks(FIXED_LINKS, user(["ROLE_USER", "ROLE_DATACURATOR"]), false))).toEqual(["/participate/list"]);
  });

  it("preview mode keeps only the links marked for preview", () => {
    expect(paths(visibleFixedLinks(FIXED_LINKS, user(["ROLE_ADMIN"]), true))).toEqual(["/participate/list"]);
  });
});

describe("[LAYOUT] footer pages", () => {
  const tree = [
    page(1, "Home", [page(29, "Footer", [page(30, "Terms"), page(31, "Hidden", [], { showInFooter: false }), page(32, "Privacy")])]),
    page(207, "फ़ुटर", [page(208, "नियम")]),
  ];

  it("lists the children of the language's footer parent page (en 29, hi 207), wherever it sits", () => {
    expect(selectFooterPages(tree, "en").map((p) => p.title)).toEqual(["Terms", "Privacy"]);
    expect(selectFooterPages(tree, "hi").map((p) => p.title)).toEqual(["नियम"]);
  });

  it("without the parent page, lists top-level pages and their direct children, dropping hidden ones", () => {
    const plain = [
      page(45, "About", [page(46, "Team", [page(47, "Deep")]), page(48, "Secret", [], { showInFooter: false })]),
      page(50, "Hidden parent", [page(51, "Orphan")], { showInFooter: false }),
      page(63, "Donate"),
    ];
    expect(selectFooterPages(plain, "en").map((p) => p.id)).toEqual([45, 46, 63]);
  });

  it("an empty tree gives no pages", () => {
    expect(selectFooterPages([], "hi")).toEqual([]);
  });
});

describe("[LAYOUT] microsite search", () => {
  const groups = [group(1, "Sacred Groves", { nameLocal: "देवराई" }), group(2, "Wetland Keepers"), group(3, "Forest (North)")];

  it("matches names case-insensitively anywhere in the name", () => {
    expect(filterGroups(groups, "GROVE").map((g) => g.id)).toEqual([1]);
    expect(filterGroups(groups, "  keep ").map((g) => g.id)).toEqual([2]);
    expect(filterGroups(groups, "").map((g) => g.id)).toEqual([1, 2, 3]);
  });

  it("matches the local-language name", () => {
    expect(filterGroups(groups, "देवराई").map((g) => g.id)).toEqual([1]);
  });

  it("treats regular-expression characters as plain text", () => {
    expect(filterGroups(groups, "(").map((g) => g.id)).toEqual([3]);
    expect(filterGroups(groups, "[").map((g) => g.id)).toEqual([]);
    expect(filterGroups(groups, ".*").map((g) => g.id)).toEqual([]);
  });
});

describe("[LAYOUT] page-tree helpers and URLs", () => {
  it("menus keep showInMenu pages at every level", () => {
    const tree = [page(1, "A", [page(2, "A1", [], { showInMenu: false }), page(3, "A2")]), page(4, "B", [], { showInMenu: false })];
    const menu = menuPages(tree);
    expect(flattenPages(menu).map(({ page: p, depth }) => `${depth}:${p.title}`)).toEqual(["0:A", "1:A2"]);
  });

  it("the navbar's search opens the portal's search screen, in the current group", () => {
    expect(portalSearchPath("", "  sacred grove & co ")).toBe("/search?q=sacred%20grove%20%26%20co");
    expect(portalSearchPath("/group/forest-commons", "grove")).toBe("/group/forest-commons/search?q=grove");
    expect(portalSearchPath("", "   ")).toBeNull();
    expect(searchFormAction("/group/forest-commons", "hi", "en")).toBe("/hi/group/forest-commons/search");
    expect(searchFormAction("", "en", "en")).toBe("/search");
  });

  it("the results page's web search goes to the external search restricted to this site's host", () => {
    expect(siteSearchUrl("https://cca.example.org", "  sacred grove & co ")).toBe(
      "https://www.google.com/search?as_sitesearch=cca.example.org&q=sacred%20grove%20%26%20co",
    );
    expect(siteSearchUrl("https://cca.example.org", "   ")).toBeNull();
  });

  it("group logos are requested at the size they are shown", () => {
    expect(groupIconUrl("/logos/a.png", 40)).toBe("/files-api/api/get/crop/userGroups/logos/a.png?w=40");
    expect(groupIconUrl(null, 40)).toBeNull();
  });
});
