import { describe, expect, it } from "vitest";
import { CONSENT_AUDIENCES, type ConsentAudience } from "@/contracts/consent";
import { recordAccess, type CallerStanding } from "@/server/modules/records/visibility";

const OWNER = 1;
const record = (audience: ConsentAudience) => ({ user_id: OWNER, allowed_users: [2], consent_audience: audience });
const caller = (id: number, roles: string[] = ["ROLE_USER"], groupRoles: CallerStanding["groupRoles"] = []): CallerStanding => ({ id, roles, groupRoles });

/** Every kind of caller the engine tells apart. */
const CALLERS: Record<string, CallerStanding | null> = {
  anonymous: null,
  signedIn: caller(9),
  groupMember: caller(8, ["ROLE_USER"], ["member"]),
  allowedEditor: caller(2),
  dataCurator: caller(7, ["ROLE_USER", "ROLE_DATACURATOR"]),
  moderator: caller(6, ["ROLE_USER"], ["moderator"]),
  founder: caller(5, ["ROLE_USER"], ["founder", "member"]),
  owner: caller(OWNER),
  admin: caller(4, ["ROLE_USER", "ROLE_ADMIN"]),
};

/** Who sees, for each audience (visibility.ts's table). */
const SEES: Record<ConsentAudience, string[]> = {
  NONE: ["moderator", "founder", "owner", "admin"],
  COMMUNITY: ["groupMember", "allowedEditor", "moderator", "founder", "owner", "admin"],
  CURATORS: ["groupMember", "allowedEditor", "dataCurator", "moderator", "founder", "owner", "admin"],
  MEMBERS: ["signedIn", "groupMember", "allowedEditor", "dataCurator", "moderator", "founder", "owner", "admin"],
  PUBLIC: Object.keys(CALLERS),
};

describe("[GOVERNANCE] the visibility engine's decision table (audience × caller)", () => {
  for (const audience of CONSENT_AUDIENCES) {
    it(`${audience}: sees exactly ${SEES[audience].join(", ")}`, () => {
      const seeing = Object.entries(CALLERS)
        .filter(([, c]) => recordAccess(c, record(audience)).see)
        .map(([name]) => name);
      expect(seeing).toEqual(SEES[audience]);
    });
  }

  it("exact values (places as stored) only for its editors and curators the consent names; never without seeing", () => {
    for (const audience of CONSENT_AUDIENCES) {
      for (const [name, c] of Object.entries(CALLERS)) {
        const access = recordAccess(c, record(audience));
        if (!access.see) expect(access.exact, `${name} ${audience}`).toBe(false);
      }
    }
    expect(recordAccess(CALLERS.owner!, record("NONE")).exact).toBe(true);
    expect(recordAccess(CALLERS.allowedEditor!, record("COMMUNITY")).exact).toBe(true);
    expect(recordAccess(CALLERS.dataCurator!, record("CURATORS")).exact).toBe(true);
    expect(recordAccess(CALLERS.founder!, record("PUBLIC")).exact).toBe(false);
    expect(recordAccess(CALLERS.groupMember!, record("COMMUNITY")).exact).toBe(false);
    expect(recordAccess(null, record("PUBLIC")).exact).toBe(false);
  });

  it("consent is changed by the owner, admins, the groups' founders and moderators, and curators who see it; never by editors or members", () => {
    const managers = (audience: ConsentAudience) =>
      Object.entries(CALLERS)
        .filter(([, c]) => recordAccess(c, record(audience)).manageConsent)
        .map(([name]) => name);
    expect(managers("PUBLIC")).toEqual(["dataCurator", "moderator", "founder", "owner", "admin"]);
    expect(managers("COMMUNITY")).toEqual(["moderator", "founder", "owner", "admin"]);
    expect(managers("NONE")).toEqual(["moderator", "founder", "owner", "admin"]);
  });

  it("a read of a restricted record by someone who is not its keeper is marked for the access log", () => {
    expect(recordAccess(CALLERS.groupMember!, record("COMMUNITY")).restrictedRead).toBe(true);
    expect(recordAccess(CALLERS.founder!, record("COMMUNITY")).restrictedRead).toBe(false);
    expect(recordAccess(CALLERS.owner!, record("COMMUNITY")).restrictedRead).toBe(false);
    expect(recordAccess(null, record("PUBLIC")).restrictedRead).toBe(false);
  });
});

describe("[GOVERNANCE] the engine with review before publication", () => {
  it("a record waiting for review or sent back is seen, within its consent, only by its reviewers", () => {
    for (const state of ["PENDING", "RETURNED"] as const) {
      const seeing = (audience: ConsentAudience) =>
        Object.entries(CALLERS)
          .filter(([, c]) => recordAccess(c, { ...record(audience), review_state: state }).see)
          .map(([name]) => name);
      expect(seeing("PUBLIC"), state).toEqual(["dataCurator", "moderator", "founder", "owner", "admin"]);
      // Consent still bounds the reviewers: a community-only record is not the portal curators' to see.
      expect(seeing("COMMUNITY"), state).toEqual(["moderator", "founder", "owner", "admin"]);
    }
  });

  it("a published record is decided by its consent alone", () => {
    for (const audience of CONSENT_AUDIENCES) {
      for (const c of Object.values(CALLERS)) expect(recordAccess(c, { ...record(audience), review_state: "PUBLISHED" })).toEqual(recordAccess(c, record(audience)));
    }
  });
});
