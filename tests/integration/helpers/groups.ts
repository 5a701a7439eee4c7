/** Helpers for the group tests: a cast of callers with per-group roles, and the userGroup-api calls. */
import type { UserGroupCreateData } from "@/contracts/group";
import { demoDomainOf, SEED_GROUPS, SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { sendJson, tokensOf, verifiedAccount, getAs } from "./accounts";
import { TEST_SETTINGS, type ApiResult, type TestPlatform } from "./test-platform";

export const GROUP = "userGroup-api/api/v1/group";

export const seedGroup = (slug: string) => {
  const group = SEED_GROUPS.find((g) => g.slug === slug);
  if (!group) throw new Error(`No seed group ${slug}`);
  return group;
};
export const SACRED_GROVES = seedGroup("sacred-groves"); // open; seed member + seed founder
export const NAGALAND = seedGroup("nagaland-community-forests"); // closed; seed founder
export const BANNI = seedGroup("banni-grasslands"); // open; nobody
export const CHILIKA = seedGroup("chilika"); // open; own domain
/** Chilika's own domain as seeded for the tests' site address: http://chilika.localhost:3000. */
export const CHILIKA_DOMAIN = demoDomainOf(CHILIKA, TEST_SETTINGS.siteUrl)!;

export type Who = "anonymous" | "member" | "moderator" | "founder" | "otherFounder" | "admin";
export const EVERYONE: readonly Who[] = ["anonymous", "member", "moderator", "founder", "otherFounder", "admin"];

export interface Person {
  id: number;
  email: string;
  token: string;
}

/**
 * Callers of the seeded group sacred-groves: its plain member and its founder (both seeded), a
 * moderator of it, the founder of another group (Banni) and the admin. `anonymous` has no token.
 */
export interface Cast {
  member: Person;
  moderator: Person;
  founder: Person;
  otherFounder: Person;
  admin: Person;
}

export async function seedPerson(api: TestPlatform, role: keyof typeof SEED_USER_BY_ROLE): Promise<Person> {
  const user = SEED_USER_BY_ROLE[role];
  return { id: user.id, email: user.email!, token: (await tokensOf(api, user.email!, user.password)).access_token };
}

/** A fresh verified account, optionally given a role in a group. */
export async function freshPerson(api: TestPlatform, groupId?: number, role: "member" | "founder" | "moderator" = "member"): Promise<Person> {
  const account = await verifiedAccount(api);
  if (groupId !== undefined) {
    await api.db.query("insert into user_group_member (user_group_id, user_id, role) values ($1, $2, $3)", [groupId, account.id, role]);
  }
  return { id: account.id, email: account.email!, token: account.access };
}

export async function makeCast(api: TestPlatform): Promise<Cast> {
  return {
    member: await seedPerson(api, "user"),
    founder: await seedPerson(api, "groupFounder"),
    admin: await seedPerson(api, "admin"),
    moderator: await freshPerson(api, SACRED_GROVES.id, "moderator"),
    otherFounder: await freshPerson(api, BANNI.id, "founder"),
  };
}

export const tokenOf = (cast: Cast, who: Who): string | undefined => (who === "anonymous" ? undefined : cast[who].token);

export function call(api: TestPlatform, method: string, url: string, token?: string, body?: unknown): Promise<ApiResult> {
  if (method === "GET" && body === undefined) return getAs(api, url, token);
  return sendJson(api, method, url, body, { token });
}

let slugCounter = 0;
/** A slug no other test uses. */
export function freshSlug(prefix = "test-group"): string {
  slugCounter++;
  return `${prefix}-${slugCounter}-${Math.random().toString(36).slice(2, 7)}`;
}

/** A valid create body; `overrides` replace top-level fields. */
export function groupBody(overrides: Partial<UserGroupCreateData> = {}): UserGroupCreateData {
  return {
    translation: [
      { language: 205, name: "Forest Keepers", description: "Villages that keep their forests." },
      { language: 206, name: "वन रक्षक", description: "अपने वनों की रक्षा करने वाले गाँव।" },
    ],
    nameLocal: "वन रक्षक",
    webAddress: freshSlug(),
    domainName: null,
    icon: "/abc123/logo.png",
    allowUserToJoin: true,
    displayOrder: 5,
    ...overrides,
  };
}

/** Creates a group as the admin and returns its id (fails loudly otherwise). */
export async function createGroupAsAdmin(api: TestPlatform, adminToken: string, overrides: Partial<UserGroupCreateData> = {}): Promise<number> {
  const res = await sendJson(api, "POST", `${GROUP}/create`, groupBody(overrides), { token: adminToken });
  if (res.status !== 201) throw new Error(`Create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { id: number }).id;
}

export async function roleIn(api: TestPlatform, groupId: number, userId: number): Promise<string | null> {
  const row = await api.db.maybeOne<{ role: string }>("select role from user_group_member where user_group_id = $1 and user_id = $2", [groupId, userId]);
  return row?.role ?? null;
}

/** Messages in the outbox to `to`, oldest first. */
export function outboxTo(api: TestPlatform, to: string): Promise<{ subject: string; body: string; channel: string }[]> {
  return api.db.query("select subject, body, channel from outbox where lower(recipient) = lower($1) order by id", [to]);
}

/** A soft-deleted group, made here so the seeded groups stay untouched. */
export async function deletedGroupId(api: TestPlatform): Promise<number> {
  const { id } = await api.db.one<{ id: number }>(
    "insert into user_group (slug, name, allow_user_to_join, is_deleted) values ('gone-' || md5(random()::text), 'Gone', true, true) returning id",
  );
  return id;
}
