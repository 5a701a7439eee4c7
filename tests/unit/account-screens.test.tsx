import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import axe from "axe-core";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { UserListResponse, UserProfile } from "@/contracts/user";
import { OutboxScreen } from "@/features/admin/outbox-screen";
import { ForgotPasswordScreen } from "@/features/auth/forgot-password-screen";
import { LoginScreen } from "@/features/auth/login-screen";
import { RegisterScreen, effectiveVerificationType } from "@/features/auth/register-screen";
import { ForbiddenScreen } from "@/features/errors/error-screen";
import { UserEditScreen } from "@/features/user/user-edit-screen";
import { parseUserListQuery } from "@/features/user/user-list-query";
import { UserListScreen } from "@/features/user/user-list-screen";
import { UserShowScreen } from "@/features/user/user-show-screen";
import { SessionProvider } from "@/components/auth/session-context";
import type { SessionUser } from "@/contracts/user";
import { layoutData, user as sessionUser } from "./helpers/fixtures";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);
vi.mock("@/lib/api/users", () => ({
  fetchUserList: vi.fn(async () => ({ userList: [], totalCount: 0, offset: 0, limit: 10 })),
  deleteUser: vi.fn(),
  updateUserDetails: vi.fn(),
  updateUserRoles: vi.fn(),
  fetchRoles: vi.fn(),
  fetchUser: vi.fn(),
}));

afterEach(cleanup);

async function seriousViolations() {
  const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

function renderScreen(ui: ReactElement, { lang = "en", viewer = null, namespaces = [], query = {} }: { lang?: "en" | "hi"; viewer?: SessionUser | null; namespaces?: string[]; query?: Record<string, string> } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <SessionProvider initialUser={viewer}>
        <main>{ui}</main>
      </SessionProvider>
    </QueryClientProvider>,
    { lang, namespaces: ["common", "header", "auth", "form", "group", ...namespaces], router: { query, pathname: "/user/list", asPath: "/user/list" } },
  );
}

const PROFILE: UserProfile = {
  id: 21,
  userName: "meera",
  name: "Meera Naik",
  email: null,
  mobileNumber: null,
  sexType: "Female",
  occupation: "Research",
  institution: "Forest Trust",
  location: "Pune",
  latitude: null,
  longitude: null,
  aboutMe: "Works on sacred groves.",
  website: "https://example.org",
  profilePic: null,
  dateCreated: "2024-03-12T10:00:00Z",
  lastLoginDate: null,
  enabled: true,
  accountLocked: false,
  roles: [{ id: 1, authority: "ROLE_USER" }],
};

const LIST: UserListResponse = {
  userList: Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Member ${i + 1}`, profilePic: null, institution: i % 2 ? "Forest Trust" : null, roles: ["ROLE_USER"], dateCreated: "2024-01-01T00:00:00Z" })),
  totalCount: 23,
  offset: 0,
  limit: 10,
};

describe("[A11Y] account screens have no serious axe violations", () => {
  it.each(["en", "hi"] as const)("/login in %s", async (lang) => {
    renderScreen(<LoginScreen forward="" layout={layoutData()} />, { lang });
    expect(screen.getByRole("heading", { level: 1 })).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);
  });

  it.each(["en", "hi"] as const)("/register in %s", async (lang) => {
    renderScreen(<RegisterScreen forward="" layout={layoutData()} />, { lang, namespaces: ["user"] });
    expect(await seriousViolations()).toEqual([]);
  });

  it("/register/forgotPassword", async () => {
    renderScreen(<ForgotPasswordScreen forward="" layout={layoutData()} />, { namespaces: ["user"] });
    expect(await seriousViolations()).toEqual([]);
  });

  it.each(["en", "hi"] as const)("/user/list in %s", async (lang) => {
    renderScreen(<UserListScreen params={{ name: "", role: "", page: 1 }} initial={LIST} layout={layoutData()} />, { lang, namespaces: ["user", "filters"] });
    expect(screen.getAllByRole("listitem").filter((item) => !item.closest("nav"))).toHaveLength(10);
    expect(await seriousViolations()).toEqual([]);
  });

  it.each(["en", "hi"] as const)("/user/show in %s, as an admin", async (lang) => {
    renderScreen(<UserShowScreen profile={PROFILE} layout={layoutData()} />, { lang, viewer: sessionUser(["ROLE_ADMIN"]), namespaces: ["user", "filters"] });
    expect(await seriousViolations()).toEqual([]);
  });

  it("/user/edit as an admin, and the 403 and outbox screens", async () => {
    renderScreen(<UserEditScreen profile={PROFILE} roles={[{ id: 1, authority: "ROLE_USER" }, { id: 2, authority: "ROLE_ADMIN" }]} isAdmin isSelf={false} layout={layoutData()} />, {
      viewer: sessionUser(["ROLE_ADMIN"]),
      namespaces: ["user", "filters"],
    });
    expect(await seriousViolations()).toEqual([]);
    cleanup();
    renderScreen(<ForbiddenScreen />);
    expect(await seriousViolations()).toEqual([]);
    cleanup();
    renderScreen(<OutboxScreen to="" messages={[{ id: 1, recipient: "+919876543210", channel: "sms", subject: "", body: "Your code is 123456", createdOn: "2024-03-12T10:00:00Z", deliveredAt: null, error: null }]} />, { namespaces: ["admin"] });
    expect(screen.getByText("Your code is 123456")).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);
  });
});

describe("[USERS] the directory", () => {
  it("reads name, role and page from the URL, ignoring what it does not know", () => {
    expect(parseUserListQuery({ name: " asha ", role: "ROLE_ADMIN", page: "3" })).toEqual({ name: "asha", role: "ROLE_ADMIN", page: 3 });
    expect(parseUserListQuery({ role: "ROLE_HACKER", page: "-1" })).toEqual({ name: "", role: "", page: 1 });
  });

  it("cards link to profiles inside the group; pagination is 10 per page with real links", () => {
    renderScreen(<UserListScreen params={{ name: "", role: "", page: 1 }} initial={LIST} layout={layoutData({ currentGroup: { ...layoutData().currentGroup, linkPrefix: "/group/forest" } })} />, {
      namespaces: ["user", "filters"],
    });
    expect(screen.getByRole("link", { name: "Member 1" }).getAttribute("href")).toBe("/group/forest/user/show/1");
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Next" }).getAttribute("href")).toBe("/group/forest/user/list?page=2");
    expect(screen.getByText("23 users found")).toBeTruthy();
  });

  it("searches by name 300 ms after typing, keeping the search in the URL", async () => {
    const { router } = renderScreen(<UserListScreen params={{ name: "", role: "", page: 2 }} initial={LIST} layout={layoutData()} />, { namespaces: ["user", "filters"], query: { page: "2" } });
    fireEvent.change(screen.getByRole("searchbox", { name: "Search by name" }), { target: { value: "mee" } });
    expect(router.replace).not.toHaveBeenCalled();
    await waitFor(() => expect(router.replace).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(router.replace).toHaveBeenCalledWith({ pathname: "/user/list", query: { name: "mee" } }, undefined, { shallow: true, scroll: false });
  });

  it("counts one person in the singular, in English and Hindi", () => {
    const one = { userList: LIST.userList.slice(0, 1), totalCount: 1, offset: 0, limit: 10 };
    const { unmount } = renderScreen(<UserListScreen params={{ name: "", role: "", page: 1 }} initial={one} layout={layoutData()} />, { namespaces: ["user", "filters"] });
    expect(screen.getByText("1 user found")).toBeTruthy();
    unmount();
    renderScreen(<UserListScreen params={{ name: "", role: "", page: 1 }} initial={one} layout={layoutData()} />, { namespaces: ["user", "filters"], lang: "hi" });
    expect(screen.getByText("1 उपयोगकर्ता मिला")).toBeTruthy();
  });

  it("says so when nobody matches", () => {
    renderScreen(<UserListScreen params={{ name: "zzz", role: "", page: 1 }} initial={{ userList: [], totalCount: 0, offset: 0, limit: 10 }} layout={layoutData()} />, {
      namespaces: ["user", "filters"],
      query: { name: "zzz" },
    });
    expect(screen.getByText("No users found")).toBeTruthy();
  });
});

describe("[USERS] profile and account settings", () => {
  it("a member sees no edit or delete controls on someone else's profile, nor contact details that were not sent", () => {
    renderScreen(<UserShowScreen profile={PROFILE} layout={layoutData()} />, { viewer: sessionUser(["ROLE_USER"]), namespaces: ["user"] });
    expect(screen.getByRole("heading", { level: 1, name: "Meera Naik" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Account settings" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete user" })).toBeNull();
    expect(screen.queryByText("Email")).toBeNull();
    expect(screen.getByText("Member since")).toBeTruthy();
  });

  it("an admin may edit and delete someone else, after confirming", async () => {
    renderScreen(<UserShowScreen profile={{ ...PROFILE, email: "meera@example.org" }} layout={layoutData()} />, { viewer: sessionUser(["ROLE_ADMIN"]), namespaces: ["user"] });
    expect(screen.getByRole("link", { name: "Account settings" }).getAttribute("href")).toBe("/user/edit/21");
    expect(screen.getByText("meera@example.org")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Delete user" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Are you sure? You cannot undo this afterwards.")).toBeTruthy();
  });

  it("users edit their own profile but not their roles; an admin editing someone else gets permissions and no old-password field", async () => {
    renderScreen(<UserEditScreen profile={PROFILE} roles={[]} isAdmin={false} isSelf layout={layoutData()} />, { viewer: { ...sessionUser(), id: 21 }, namespaces: ["user"] });
    expect(screen.queryByRole("tab", { name: "Permissions" })).toBeNull();
    fireEvent.click(screen.getByRole("tab", { name: "Password" }));
    expect(await screen.findByLabelText(/^Current password/, { selector: "input" })).toBeTruthy();
    cleanup();

    renderScreen(<UserEditScreen profile={PROFILE} roles={[{ id: 1, authority: "ROLE_USER" }, { id: 2, authority: "ROLE_ADMIN" }]} isAdmin isSelf={false} layout={layoutData()} />, {
      viewer: sessionUser(["ROLE_ADMIN"]),
      namespaces: ["user"],
    });
    fireEvent.click(screen.getByRole("tab", { name: "Password" }));
    await screen.findByLabelText(/^New password/, { selector: "input" });
    expect(screen.queryByLabelText(/^Current password/, { selector: "input" })).toBeNull();
    fireEvent.click(screen.getByRole("tab", { name: "Permissions" }));
    expect(await screen.findByRole("checkbox", { name: "Administrator" })).toBeTruthy();
  });
});

describe("[REGISTER] the verification channel", () => {
  it("is chosen only when both an e-mail and a mobile number are given", () => {
    expect(effectiveVerificationType({ email: "a@b.org", mobileNumber: "", verificationType: "MOBILE" })).toBe("EMAIL");
    expect(effectiveVerificationType({ email: "", mobileNumber: "+919876543210", verificationType: "EMAIL" })).toBe("MOBILE");
    expect(effectiveVerificationType({ email: "a@b.org", mobileNumber: "+919876543210", verificationType: "MOBILE" })).toBe("MOBILE");
  });
});
