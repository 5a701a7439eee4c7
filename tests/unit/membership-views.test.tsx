import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Layout } from "@/components/layout/layout";
import type { GroupActions, LayoutData } from "@/contracts/layout";
import { loadToaster } from "@/components/ui/toaster";
import { HomeScreen } from "@/features/home/home-screen";
import type { HomeGroup } from "@/features/home/home-types";
import { SessionProvider } from "@/components/auth/session-context";
import { FOREST_GROUP, layoutData, user } from "./helpers/fixtures";
import { readLocale } from "./helpers/locales";
import { setMockRouter } from "./helpers/mock-router";
import { Providers } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);
vi.mock("@/lib/auth/auth-wall", () => ({ waitForAuth: async () => undefined }));
const api = vi.hoisted(() => ({ joinGroup: vi.fn(), withdrawJoinRequest: vi.fn(), leaveGroup: vi.fn() }));
vi.mock("@/lib/api/groups", () => api);

beforeEach(() => {
  api.joinGroup.mockReset();
  api.withdrawJoinRequest.mockReset().mockResolvedValue(undefined);
  api.leaveGroup.mockReset().mockResolvedValue(undefined);
});
afterEach(cleanup);
// The toasts load their host on first use: let it finish before the environment is torn down.
afterAll(() => loadToaster());

type Lang = "en" | "hi";
/** The controls' words in `lang`, as the locale files have them. */
function text(lang: Lang) {
  const join = (readLocale(lang, "membership") as { join: Record<string, string> }).join;
  const word = (key: string): string => {
    const value = join[key];
    if (!value) throw new Error(`membership:join.${key} missing in ${lang}`);
    return value;
  };
  return {
    button: word("button"),
    joined: word("joined"),
    requested: word("requested"),
    leave: word("leave"),
    withdraw: word("withdraw"),
    confirm_leave_ok: word("confirm_leave_ok"),
    confirm_request_ok: word("confirm_request_ok"),
    headerJoin: (readLocale(lang, "header") as { group: Record<string, string> }).group.join!,
  };
}

const HOME_CONFIG = { slides: [], miniGalleries: [], description: null, showStats: false };

function groupPage(membership: GroupActions["membership"], closed = false): LayoutData {
  // Every render from the server brings its own objects (the store keys a change by them).
  return layoutData({
    currentGroup: { ...FOREST_GROUP },
    user: user(["ROLE_USER"]),
    groupActions: { membership, closed, canCreatePages: false, canEditMicrosite: false, canModerate: false },
  });
}

/** The group home as _app renders it: the top bar (the chrome's group header) and the home's page header, from the same server props. */
function App({ data }: { data: LayoutData }) {
  const group: HomeGroup = {
    id: FOREST_GROUP.id!,
    name: FOREST_GROUP.name,
    nameLocal: null,
    description: null,
    icon: FOREST_GROUP.icon,
    memberCount: 4,
    allowUserToJoin: data.groupActions?.closed !== true,
  };
  return (
    <SessionProvider initialUser={data.user} linkPrefix={data.currentGroup.linkPrefix}>
      <Layout data={data}>
        <HomeScreen kind="group" group={group} featured={[]} config={HOME_CONFIG} stats={null} layout={data} />
      </Layout>
    </SessionProvider>
  );
}

function renderGroupHome(data: LayoutData, lang: Lang) {
  const router = setMockRouter({ asPath: "/group/forest-commons", locale: lang });
  const ui = (props: LayoutData) => (
    <Providers router={router} lang={lang} namespaces={["common", "header", "membership", "home"]}>
      <App data={props} />
    </Providers>
  );
  const view = render(ui(data));
  return {
    router,
    topBar: () => within(screen.getByRole("banner")),
    pageHeader: () => within(screen.getByRole("region", { name: FOREST_GROUP.name })),
    /** A render from the server (router.replace or a navigation), as Next hands it over: parsed JSON. */
    serverRender: (next: LayoutData) => view.rerender(ui(JSON.parse(JSON.stringify(next)) as LayoutData)),
  };
}

/** The confirmation has gone (the page behind it is hidden from assistive technology while it shows). */
const dialogClosed = () => waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());

describe.each(["en", "hi"] as const)("[GROUPS] the top bar and the page header show one membership (%s)", (lang) => {
  const t = text(lang);

  it("joining with the page header's button shows Joined in the top bar; leaving with the top bar's shows Join in both", async () => {
    api.joinGroup.mockResolvedValue({ message: "JOINED" });
    const { topBar, pageHeader, router } = renderGroupHome(groupPage("join"), lang);

    fireEvent.click(pageHeader().getByRole("button", { name: t.button }));
    expect(await topBar().findByText(t.joined)).toBeTruthy();
    expect(pageHeader().getByText(t.joined)).toBeTruthy();
    expect(topBar().queryByRole("button", { name: t.headerJoin })).toBeNull();
    expect(api.joinGroup).toHaveBeenCalledWith(expect.anything(), FOREST_GROUP.id);

    fireEvent.click(topBar().getByRole("button", { name: t.leave }));
    fireEvent.click(await screen.findByRole("button", { name: t.confirm_leave_ok }));
    await dialogClosed();
    expect(await pageHeader().findByRole("button", { name: t.button })).toBeTruthy();
    expect(topBar().getByRole("button", { name: t.headerJoin })).toBeTruthy();
    expect(screen.queryByText(t.joined)).toBeNull();
    expect(api.leaveGroup).toHaveBeenCalledWith(expect.anything(), FOREST_GROUP.id);
    // Each change asks the server for the page again.
    await waitFor(() => expect(router.replace).toHaveBeenCalledTimes(2));
  });

  it("a request sent from the top bar shows as Requested in the page header; withdrawn there, both offer Join", async () => {
    api.joinGroup.mockResolvedValue({ message: "JOIN_REQUEST_SENT" });
    const { topBar, pageHeader } = renderGroupHome(groupPage("join", true), lang);

    fireEvent.click(topBar().getByRole("button", { name: t.headerJoin }));
    fireEvent.click(await screen.findByRole("button", { name: t.confirm_request_ok }));
    await dialogClosed();
    expect(await pageHeader().findByText(t.requested)).toBeTruthy();
    expect(topBar().getByText(t.requested)).toBeTruthy();

    fireEvent.click(pageHeader().getByRole("button", { name: t.withdraw }));
    expect(await topBar().findByRole("button", { name: t.headerJoin })).toBeTruthy();
    expect(await pageHeader().findByRole("button", { name: t.button })).toBeTruthy();
    expect(screen.queryByText(t.requested)).toBeNull();
  });

  it("the next render from the server wins over a change made on the page", async () => {
    api.joinGroup.mockResolvedValue({ message: "JOINED" });
    const { topBar, pageHeader, serverRender } = renderGroupHome(groupPage("join"), lang);
    fireEvent.click(pageHeader().getByRole("button", { name: t.button }));
    expect(await topBar().findByText(t.joined)).toBeTruthy();

    // E.g. the membership was ended elsewhere meanwhile: the server's state is shown in both.
    serverRender(groupPage("join"));
    expect(topBar().getByRole("button", { name: t.headerJoin })).toBeTruthy();
    expect(pageHeader().getByRole("button", { name: t.button })).toBeTruthy();
    expect(screen.queryByText(t.joined)).toBeNull();
  });
});
