import { describe, expect, it } from "vitest";
import type { GroupListItem } from "@/contracts/group";
import { ownDomainAddress, resolveCurrentGroup } from "@/lib/groups/resolve-current-group";
import { groupHref } from "@/lib/group-link";
import { canEditPagesFor, groupActionsFor } from "@/lib/groups/group-actions";

const group = (id: number, webAddress: string, name = `Group ${id}`, slug?: string): GroupListItem => ({
  id,
  groupId: id,
  name,
  nameLocal: null,
  icon: `/logos/g${id}.svg`,
  webAddress,
  ...(slug === undefined ? {} : { slug }),
  displayOrder: id,
  isParticipatory: true,
});

const groups = [
  group(1, "/group/sacred-groves", "Sacred groves", "sacred-groves"),
  group(2, "/group/kutch", "Kutch", "kutch"),
  group(3, "https://chilika.example.org", "Chilika", "chilika"),
];

describe("[GROUPS] the current group is resolved from the address", () => {
  it("picks the group named in /group/{name}, case-insensitively, with its link prefix", () => {
    const current = resolveCurrentGroup(groups, { host: "localhost:3000", groupName: "Kutch", locale: "en" });
    expect(current?.id).toBe(2);
    expect(current?.linkPrefix).toBe("/group/kutch");
    expect(current?.icon).toContain("/files-api/api/get/crop/userGroups/logos/g2.svg");
  });

  it("answers undefined for a group name that does not exist (the screen shows 404)", () => {
    expect(resolveCurrentGroup(groups, { host: "localhost:3000", groupName: "nope", locale: "en" })).toBeUndefined();
  });

  it("picks a group served on its own domain, whatever the port, with no link prefix", () => {
    const current = resolveCurrentGroup(groups, { host: "chilika.example.org:8080", groupName: undefined, locale: "hi" });
    expect(current?.id).toBe(3);
    expect(current?.linkPrefix).toBe("");
  });

  it("falls back to the main site with the site title in the visitor's language", () => {
    const current = resolveCurrentGroup(groups, { host: "localhost:3000", groupName: undefined, locale: "hi" });
    expect(current?.id).toBeNull();
    expect(current?.name).toBe("सामुदायिक संरक्षित क्षेत्र");
  });
});

describe("[GROUPS] a bookmark of /group/{name} keeps working once the group has its own domain", () => {
  const CHILIKA = "https://chilika.example.org";
  const moved = (groupName: string, path: string, localePrefix = "", list: readonly GroupListItem[] = groups) =>
    ownDomainAddress(list, { groupName, path, localePrefix });

  it("sends every screen of the old address to the same screen on the group's domain, query and language kept", () => {
    expect(moved("chilika", "/group/chilika/page/show/12?x=1")).toBe(`${CHILIKA}/page/show/12?x=1`);
    expect(moved("chilika", "/group/chilika")).toBe(`${CHILIKA}/`);
    expect(moved("chilika", "/group/chilika/group/list")).toBe(`${CHILIKA}/group/list`);
    expect(moved("Chilika", "/group/Chilika/about", "/hi")).toBe(`${CHILIKA}/hi/about`);
    expect(moved("chilika", "/group/chilika", "/hi")).toBe(`${CHILIKA}/hi`);
    expect(moved("chilika", "/group/chilika/user/show/7?forward=%2Fpage%2Fshow%2F1&a=1&a=2")).toBe(`${CHILIKA}/user/show/7?forward=%2Fpage%2Fshow%2F1&a=1&a=2`);
  });

  it("leaves groups on the main site, unknown names and lists without slugs alone (they resolve or answer 404 as before)", () => {
    expect(moved("kutch", "/group/kutch/about")).toBeUndefined();
    expect(moved("nope", "/group/nope")).toBeUndefined();
    expect(moved("chilika.example.org", "/group/chilika.example.org")).toBeUndefined();
    expect(moved("chilika", "/group/chilika", "", [group(3, CHILIKA)])).toBeUndefined();
    // The 404 still comes from resolveCurrentGroup: the old name is not a current group.
    expect(resolveCurrentGroup(groups, { host: "localhost:3000", groupName: "chilika", locale: "en" })).toBeUndefined();
  });

  it("never sends a visitor anywhere but the group's own http(s) origin", () => {
    for (const path of [
      "/group/chilika//evil.example.net/x",
      "/group/chilika/\\evil.example.net",
      "/group/chilika/@evil.example.net",
      "/group/chilika/..%2F..%2F@evil.example.net",
      "/group/chilika/%2F%2Fevil.example.net",
      "/group/chilika/x?next=https://evil.example.net",
      "/group/chilika/x#https://evil.example.net",
    ]) {
      const target = moved("chilika", path);
      expect(target && new URL(target).origin, path).toBe(CHILIKA);
    }
    const withPath = [group(5, "https://lagoon.example.org/some/path", "Lagoon", "lagoon")];
    expect(moved("lagoon", "/group/lagoon/about", "", withPath)).toBe("https://lagoon.example.org/about");
    for (const webAddress of ["javascript:alert(1)//", "//evil.example.net", "ftp://files.example.org", "https://", "data:text/html,hi"]) {
      expect(moved("odd", "/group/odd", "", [group(6, webAddress, "Odd", "odd")]), webAddress).toBeUndefined();
    }
  });
});

describe("[GROUPS] group-scoped links", () => {
  it("prefixes internal paths inside a group and leaves the main site and absolute URLs alone", () => {
    expect(groupHref("/group/kutch", "/page/show/5")).toBe("/group/kutch/page/show/5");
    expect(groupHref("/group/kutch", "/")).toBe("/group/kutch");
    expect(groupHref("", "/page/show/5")).toBe("/page/show/5");
    expect(groupHref("/group/kutch", "https://example.org/x")).toBe("https://example.org/x");
  });
});

describe("[GROUPS] group-header controls follow the visitor's role", () => {
  const inGroup = resolveCurrentGroup(groups, { host: "localhost", groupName: "kutch", locale: "en" })!;
  const onMainSite = resolveCurrentGroup(groups, { host: "localhost", groupName: undefined, locale: "en" })!;
  const user = (roles: string[]) => ({ id: 1, name: "A", roles: roles as never[], exp: 2e9 });

  const member = { isMember: true, requested: false, canEdit: false, canModerate: false };
  const outsider = { isMember: false, requested: false, canEdit: false, canModerate: false };

  it("shows nothing on the main site; visitors are offered joining (sign-in comes first)", () => {
    expect(groupActionsFor(user(["ROLE_ADMIN"]), onMainSite, null, true, false)).toBeUndefined();
    expect(groupActionsFor(null, inGroup, null, false, true)).toEqual({ membership: "join", closed: true, canCreatePages: false, canEditMicrosite: false, canModerate: false });
  });

  it("shows join, requested or joined from the membership, page creation to those who may edit the pages, microsite editing to admins and founders", () => {
    expect(groupActionsFor(user(["ROLE_USER"]), inGroup, outsider, false, false)).toEqual({ membership: "join", closed: false, canCreatePages: false, canEditMicrosite: false, canModerate: false });
    expect(groupActionsFor(user(["ROLE_USER"]), inGroup, { ...outsider, requested: true }, false, true)).toMatchObject({ membership: "requested" });
    expect(groupActionsFor(user(["ROLE_USER"]), inGroup, member, false, false)).toMatchObject({ membership: "joined" });
    // Unknown membership (the call failed): no membership control.
    expect(groupActionsFor(user(["ROLE_USER"]), inGroup, null, false, false)).toMatchObject({ membership: null });
    expect(groupActionsFor(user(["ROLE_PAGE_EDITOR"]), inGroup, member, true, false)).toMatchObject({ canCreatePages: true, canEditMicrosite: false });
    expect(groupActionsFor(user(["ROLE_USER"]), inGroup, { ...member, canEdit: true, canModerate: true }, true, false)).toMatchObject({ canEditMicrosite: true });
    expect(groupActionsFor(user(["ROLE_USER"]), inGroup, { ...member, canModerate: true }, true, false)).toMatchObject({ canEditMicrosite: false, canModerate: true });
    expect(groupActionsFor(user(["ROLE_ADMIN"]), inGroup, null, true, false)).toMatchObject({ canCreatePages: true, canEditMicrosite: true });
  });

  it("lets admins and page editors edit pages everywhere, and group founders or moderators (as their membership says) in their group", () => {
    expect(canEditPagesFor(null, inGroup, true)).toBe(false);
    expect(canEditPagesFor(user(["ROLE_USER"]), onMainSite, null)).toBe(false);
    expect(canEditPagesFor(user(["ROLE_PAGE_EDITOR"]), onMainSite, null)).toBe(true);
    expect(canEditPagesFor(user(["ROLE_USER"]), inGroup, true)).toBe(true);
    expect(canEditPagesFor(user(["ROLE_USER"]), inGroup, false)).toBe(false);
    expect(canEditPagesFor(user(["ROLE_PAGE_EDITOR"]), inGroup, false)).toBe(true);
    // Staff of a group do not edit the main site's pages.
    expect(canEditPagesFor(user(["ROLE_USER"]), onMainSite, true)).toBe(false);
    // The membership could not be read: only the global roles count.
    expect(canEditPagesFor(user(["ROLE_ADMIN"]), inGroup, null)).toBe(true);
    expect(canEditPagesFor(user(["ROLE_USER"]), inGroup, null)).toBe(false);
  });
});
