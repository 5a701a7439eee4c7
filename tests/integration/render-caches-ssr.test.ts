/**
 * The list screens' server rendering with its data from the data cache (issue 35 item 4): the real
 * getServerSideProps of `/group/list` and `/data/list`, reaching the platform in-process as in production,
 * on a real, seeded database. A write through the platform (the one invalidation mechanism) shows on the
 * very next render; a signed-in member's render carries their own session only, and an anonymous render
 * after it carries none.
 */
import type { GetServerSidePropsContext } from "next";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import SITE_CONFIG from "@site-config";
import { setInProcessDispatch } from "@/shared/in-process-dispatch";
import type { PlatformHandle } from "@/server/app/adapter";
import { createInProcessDispatch } from "@/server/app/in-process";
import { getServerSideProps as groupListProps, type GroupListProps } from "@/features/group/group-list.ssr";
import { getServerSideProps as dataListProps, type DataListProps } from "@/features/data/data-list.ssr";
import type { LayoutData } from "@/contracts/layout";
import type { CCAData } from "@/contracts/cca-data";
import { SEED_GROUPS } from "@/server/seed/demo";
import { GOVERNANCE_CAST, getAs, sendJson, signInCast, verifiedAccount } from "./helpers/accounts";
import { PUBLIC_CONSENT } from "./helpers/consent";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type TestPlatform } from "./helpers/test-platform";

let api: TestPlatform;
const tokens = { member: "", outsider: "", dataCurator: "", founder: "", admin: "" };

beforeAll(async () => {
  api = await createTestPlatform();
  const handle: PlatformHandle = { router: api.router, deps: api.deps, env: { trustProxy: false } };
  setInProcessDispatch(createInProcessDispatch(async () => handle));
  Object.assign(tokens, await signInCast(api, GOVERNANCE_CAST));
});

afterAll(async () => {
  setInProcessDispatch(undefined);
  await api?.close();
});

/** What Next hands getServerSideProps for a GET of `url` (English, the main site). */
function contextOf(url: string, cookie = ""): GetServerSidePropsContext & { headers: Record<string, string | string[]> } {
  const headers: Record<string, string | string[]> = {};
  const [pathname, search = ""] = url.split("?");
  const ctx = {
    req: { headers: { host: "localhost", cookie }, url },
    res: {
      statusCode: 200,
      setHeader: (name: string, value: string | string[]) => void (headers[name.toLowerCase()] = value),
      getHeader: (name: string) => headers[name.toLowerCase()],
      appendHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    },
    query: Object.fromEntries(new URLSearchParams(search)),
    params: {},
    locale: "en",
    defaultLocale: "en",
    locales: ["en", "hi"],
    resolvedUrl: pathname,
    headers,
  };
  return ctx as unknown as GetServerSidePropsContext & { headers: Record<string, string | string[]> };
}

type Rendered<P> = P & { layout: LayoutData };
async function propsOf<P>(gssp: (ctx: GetServerSidePropsContext) => Promise<unknown>, url: string, cookie?: string): Promise<{ props: Rendered<P>; headers: Record<string, string | string[]> }> {
  const ctx = contextOf(url, cookie);
  const result = (await gssp(ctx)) as { props: Rendered<P> };
  expect(result.props, JSON.stringify(result)).toBeDefined();
  return { props: result.props, headers: ctx.headers };
}

const BANNI = SEED_GROUPS.find((g) => g.id === 3)!;

describe(`[ISSUE 35] /group/list rendered from the data cache (${TEST_DB})`, () => {
  const countOf = async (cookie?: string) => {
    const { props } = await propsOf<GroupListProps>(groupListProps, "/group/list", cookie);
    return props.groups!.find((g) => g.id === BANNI.id)!.memberCount;
  };

  it("a join shows in the member count of the very next render", async () => {
    const before = await countOf();
    expect(await countOf()).toBe(before);
    const person = await verifiedAccount(api);
    expect((await getAs(api, `userGroup-api/api/v1/group/join/${BANNI.id}`, person.access)).status).toBe(200);
    expect(await countOf()).toBe(before + 1);
  });

  it("a signed-in member's render carries their session only; the anonymous render after it none, and is public", async () => {
    const signedIn = await propsOf<GroupListProps>(groupListProps, "/group/list", `${SITE_CONFIG.COOKIES.ACCESS_TOKEN.NAME}=${tokens.member}`);
    expect(signedIn.props.layout.user?.id).toBe(7);
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    const anonymous = await propsOf<GroupListProps>(groupListProps, "/group/list");
    expect(anonymous.props.layout.user).toBeNull();
    expect(anonymous.headers["cache-control"]).toMatch(/^public/);
    expect(anonymous.props.groups).toEqual(signedIn.props.groups);
    expect(JSON.stringify(anonymous.props)).not.toContain(tokens.member);
  });
});

describe(`[ISSUE 35] /data/list rendered from the data cache (${TEST_DB})`, () => {
  beforeAll(async () => {
    await api.db.query("update cca_template set needs_review = false where short_name = 'master'");
  });
  afterAll(async () => {
    await api.db.query("update cca_template set needs_review = true where short_name = 'master'");
  });

  const WORD = `Ssrgrove${Math.random().toString(36).slice(2, 8)}`;
  const listed = async (cookie?: string) => {
    const { props } = await propsOf<DataListProps>(dataListProps, `/data/list?query=${WORD}`, cookie);
    expect(props.initial).not.toBeNull();
    return props.initial!.search.data.map((r) => r.id);
  };

  it("a new public record and its withdrawn consent show on the very next render, for visitors and members alike", async () => {
    expect(await listed()).toEqual([]);
    const saved = await sendJson(
      api,
      "POST",
      "cca-api/api/v1/data/save",
      {
        shortName: "master",
        usergroups: [1],
        ccaFieldValues: {
          "name-of-cca": { fieldId: "name-of-cca", value: `${WORD} grove` },
          state: { fieldId: "state", value: { valueId: "state-karnataka" } },
          "ecosystem-type": { fieldId: "ecosystem-type", value: [{ valueId: "eco-sacred-grove" }] },
        },
        consent: PUBLIC_CONSENT,
      },
      { token: tokens.member },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const id = (saved.body as CCAData).id;
    expect(await listed()).toEqual([id]);
    expect(await listed(`${SITE_CONFIG.COOKIES.ACCESS_TOKEN.NAME}=${tokens.admin}`)).toEqual([id]);

    const withdrawn = await sendJson(api, "PUT", `cca-api/api/v1/data/consent/${id}`, { ...PUBLIC_CONSENT, audience: "NONE", givenBy: "COMMUNITY", method: "MEETING" }, { token: tokens.founder });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(await listed(`${SITE_CONFIG.COOKIES.ACCESS_TOKEN.NAME}=${tokens.admin}`)).toEqual([]);
    expect(await listed()).toEqual([]);
  });
});
