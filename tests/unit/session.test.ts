import { describe, expect, it } from "vitest";
import { decodeSessionUser } from "@/lib/auth/session";
import { hasAccess } from "@/shared/access";

function token(payload: object): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${b64({ alg: "HS256", typ: "JWT" })}.${b64(payload)}.signature`;
}

describe("[AUTH] the signed-in user is read from the access token", () => {
  const now = 1_800_000_000;
  it("is signed in when the token has an id and has not expired", () => {
    const user = decodeSessionUser(token({ id: 7, name: "Asha", roles: ["ROLE_USER"], exp: now + 60 }), now);
    expect(user).toEqual({ id: 7, name: "Asha", roles: ["ROLE_USER"], exp: now + 60 });
  });
  it("is signed out with no token, a garbled token, no id or an expired token", () => {
    expect(decodeSessionUser(undefined, now)).toBeNull();
    expect(decodeSessionUser("not-a-token", now)).toBeNull();
    expect(decodeSessionUser(token({ name: "x", exp: now + 60 }), now)).toBeNull();
    expect(decodeSessionUser(token({ id: 7, exp: now - 1 }), now)).toBeNull();
  });
});

describe("[AUTH] access rule", () => {
  it("lets everyone through ANY, and otherwise needs one of the listed roles", () => {
    expect(hasAccess(["ANY"], null)).toBe(true);
    expect(hasAccess(["ROLE_ADMIN", "ROLE_TEMPLATECURATOR"], null)).toBe(false);
    expect(hasAccess(["ROLE_ADMIN", "ROLE_TEMPLATECURATOR"], { roles: ["ROLE_USER"] })).toBe(false);
    expect(hasAccess(["ROLE_ADMIN", "ROLE_TEMPLATECURATOR"], { roles: ["ROLE_USER", "ROLE_TEMPLATECURATOR"] })).toBe(true);
  });
});
