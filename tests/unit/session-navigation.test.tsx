import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Layout } from "@/components/layout/layout";
import type { GroupActions, LayoutData } from "@/contracts/layout";
import { SessionProvider } from "@/components/auth/session-context";
import { FOREST_GROUP, layoutData, user } from "./helpers/fixtures";
import { createMockRouter } from "./helpers/mock-router";
import { Providers } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

afterEach(cleanup);

const MEMBER = { closed: true, canCreatePages: false, canEditMicrosite: false, canModerate: false } as const;

/** The page as _app renders it: the session provider around the chrome, both fed by the server's props. */
function App({ data }: { data: LayoutData }) {
  return (
    <SessionProvider initialUser={data.user} linkPrefix={data.currentGroup.linkPrefix}>
      <Layout data={data}>
        <h1>Group home</h1>
      </Layout>
    </SessionProvider>
  );
}

/** Renders `first`, then the props of a client-side navigation (router.replace) as Next hands them over: parsed JSON. */
function renderThenNavigate(first: LayoutData, next: LayoutData) {
  const router = createMockRouter({ asPath: "/group/forest-commons" });
  const view = render(
    <Providers router={router} lang="en">
      <App data={first} />
    </Providers>,
  );
  view.rerender(
    <Providers router={router} lang="en">
      <App data={JSON.parse(JSON.stringify(next)) as LayoutData} />
    </Providers>,
  );
  return within(screen.getByRole("banner"));
}

function groupPage(groupActions: GroupActions, exp = 4_000_000_000): LayoutData {
  return layoutData({ currentGroup: FOREST_GROUP, user: { ...user(["ROLE_USER"]), exp }, groupActions });
}

describe("[SESSION] the chrome after the page is rendered again from the server", () => {
  it("shows 'Join microsite' in the header after a request is withdrawn, with the same session token", () => {
    const header = renderThenNavigate(groupPage({ ...MEMBER, membership: "requested" }), groupPage({ ...MEMBER, membership: "join" }));
    expect(header.getByRole("button", { name: "Join microsite" })).toBeTruthy();
    expect(header.queryByText("Requested")).toBeNull();
  });

  it("shows 'Requested' with withdraw in the header after a request is sent, whether or not the token was renewed", () => {
    for (const exp of [4_000_000_000, 4_000_000_008]) {
      const header = renderThenNavigate(groupPage({ ...MEMBER, membership: "join" }), groupPage({ ...MEMBER, membership: "requested" }, exp));
      expect(header.getByRole("button", { name: "Withdraw request" }), `exp ${exp}`).toBeTruthy();
      cleanup();
    }
  });

  it("keeps 'Edit microsite' and 'Create pages' for a group founder who follows a link inside the group", () => {
    const founder = { membership: "joined", closed: false, canCreatePages: true, canEditMicrosite: true, canModerate: true } as const;
    const header = renderThenNavigate(groupPage(founder), groupPage(founder));
    expect(header.getByRole("link", { name: "Edit microsite" })).toBeTruthy();
    expect(header.getByRole("link", { name: "Create pages" })).toBeTruthy();
    expect(header.getByText("Joined")).toBeTruthy();
  });
});
