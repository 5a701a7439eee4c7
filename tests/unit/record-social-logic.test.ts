import { describe, expect, it } from "vitest";
import type { CCAFieldValue } from "@/contracts/cca-data";
import type { GroupListItem } from "@/contracts/group";
import { microsites } from "@/features/data/social/record-microsites";
import { recordRole } from "@/features/data/social/record-social-actions";
import { requestMessageError } from "@/features/data/social/request-dialog";
import { contributionTitle } from "@/features/user/contributions-panel";

const group = (id: number): GroupListItem => ({ id, groupId: id, name: `Group ${id}`, nameLocal: null, icon: null, webAddress: `/group/g${id}` }) as GroupListItem;

describe("[CONTRIBUTE] who sees which control on a record's page", () => {
  const record = { userId: "10", allowedUsers: ["11"] };
  it("the owner, data curators and admins manage editors; allowed users edit; others may ask", () => {
    expect(recordRole(null, record)).toEqual({ manager: false, editor: false });
    expect(recordRole({ id: 10, roles: ["ROLE_USER"] }, record)).toEqual({ manager: true, editor: true });
    expect(recordRole({ id: 11, roles: ["ROLE_USER"] }, record)).toEqual({ manager: false, editor: true });
    expect(recordRole({ id: 12, roles: ["ROLE_USER"] }, record)).toEqual({ manager: false, editor: false });
    expect(recordRole({ id: 13, roles: ["ROLE_DATACURATOR"] }, record)).toEqual({ manager: true, editor: true });
    expect(recordRole({ id: 14, roles: ["ROLE_ADMIN"] }, record)).toEqual({ manager: true, editor: true });
  });
});

describe("[CONTRIBUTE] the microsites box", () => {
  it("shows the record's groups the visitor reaches and keeps the others when saving", () => {
    const { shown, outOfReach } = microsites(["1", "2", "3"], [group(2), group(4)]);
    expect(shown.map((g) => g.id)).toEqual([2]);
    expect(outOfReach).toEqual([1, 3]);
  });
});

describe("[CONTRIBUTE] the request message", () => {
  it("is required and at most 200 characters (Devanagari counted by character)", () => {
    expect(requestMessageError("   ")).toBe("contribute:request.message_required");
    expect(requestMessageError("क".repeat(200))).toBeNull();
    expect(requestMessageError("x".repeat(201))).toBe("contribute:request.message_too_long");
  });
});

describe("[CONTRIBUTE] a contribution's title", () => {
  it("joins the title values (option labels, Parent|Child as an arrow) or is null", () => {
    const values = [
      { fieldId: "name", name: "Name", type: "TEXT", value: "Devara Kadu" },
      { fieldId: "eco", name: "Ecosystem", type: "SINGLE_SELECT_DROPDOWN", value: { valueId: "a", value: "Forest|Sacred grove" } },
    ] as CCAFieldValue[];
    expect(contributionTitle(values)).toBe("Devara Kadu, Forest → Sacred grove");
    expect(contributionTitle([])).toBeNull();
  });
});
