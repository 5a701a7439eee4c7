import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthWall } from "@/components/auth/auth-wall";
import { waitForAuth } from "@/lib/auth/auth-wall";
import { reportSessionExpired } from "@/lib/auth/session-expiry";
import { SessionProvider, useSession } from "@/components/auth/session-context";
import { bus } from "@/lib/events/bus";
import { notify } from "@/components/ui/toaster";
import { renderWithProviders } from "./helpers/render";
import { clearCookies, liveToken } from "./helpers/tokens";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

const api = vi.hoisted(() => ({ login: vi.fn(), validateOtp: vi.fn(), regenerateOtp: vi.fn() }));
vi.mock("@/lib/api/auth", () => api);

const NAMESPACES = ["common", "header", "auth", "form"];

function Probe() {
  const { user, signedIn } = useSession();
  return <p data-testid="probe">{signedIn ? `signed in as ${user?.name}` : "signed out"}</p>;
}

function renderWall() {
  return renderWithProviders(
    <SessionProvider initialUser={null}>
      <Probe />
      <AuthWall linkPrefix="" />
    </SessionProvider>,
    { namespaces: NAMESPACES },
  );
}

function recordEvents() {
  const events: string[] = [];
  const on = (type: string) => () => events.push(type);
  const handlers = { authwall_init: on("authwall_init"), authwall_success: on("authwall_success"), authwall_failed: on("authwall_failed") };
  bus.on("authwall_init", handlers.authwall_init);
  bus.on("authwall_success", handlers.authwall_success);
  bus.on("authwall_failed", handlers.authwall_failed);
  return {
    events,
    stop: () => {
      bus.off("authwall_init", handlers.authwall_init);
      bus.off("authwall_success", handlers.authwall_success);
      bus.off("authwall_failed", handlers.authwall_failed);
    },
  };
}

async function signInThroughModal(email: string) {
  const dialog = await screen.findByRole("dialog", {}, { timeout: 20_000 });
  expect(dialog.textContent).toContain("Sign in to continue");
  fireEvent.change(await screen.findByRole("textbox", { name: /^Email/ }, { timeout: 20_000 }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/, { selector: "input" }), { target: { value: "secret-password" } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

let recorder: ReturnType<typeof recordEvents>;
beforeEach(() => {
  clearCookies();
  recorder = recordEvents();
  api.login.mockReset();
  api.validateOtp.mockReset();
});
afterEach(() => {
  recorder.stop();
  act(() => notify.dismiss());
  cleanup();
  clearCookies();
});

describe("[AUTH WALL] an action that needs a user waits for sign-in", { timeout: 30_000 }, () => {
  it("resolves at once, without the modal, when the visitor is signed in", async () => {
    document.cookie = `BAToken=${liveToken()}; path=/`;
    await expect(waitForAuth()).resolves.toBeUndefined();
    expect(recorder.events).toEqual([]);
  });

  it("opens the sign-in modal; signing in resolves the request, updates the user menu's session and emits success", async () => {
    api.login.mockImplementation(async () => {
      document.cookie = `BAToken=${liveToken(9, "Meera Naik")}; path=/`;
      return { status: true, message: "AUTHENTICATION_SUCCESSFUL", verificationRequired: false, access_token: "x" };
    });
    renderWall();
    expect(screen.getByTestId("probe").textContent).toBe("signed out");

    let pending!: Promise<void>;
    act(() => {
      pending = waitForAuth();
    });
    const settled = vi.fn();
    pending.then(() => settled("resolved"), (e: unknown) => settled(e));
    await signInThroughModal("meera@example.org");

    // The sign-in texts load with the dialog (LazyNamespaces): allow for that on a busy machine.
    await waitFor(() => expect(settled).toHaveBeenCalledWith("resolved"), { timeout: 10_000 });
    expect(api.login).toHaveBeenCalledWith(expect.anything(), { username: "meera@example.org", password: "secret-password" });
    expect(recorder.events).toEqual(["authwall_init", "authwall_success"]);
    expect(screen.getByTestId("probe").textContent).toBe("signed in as Meera Naik");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("closing the modal rejects the request with { message: null } and emits authwall_failed", async () => {
    renderWall();
    let pending!: Promise<void>;
    act(() => {
      pending = waitForAuth();
    });
    const rejection = pending.catch((e: unknown) => e);
    await screen.findByRole("dialog", {}, { timeout: 20_000 });
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await expect(rejection).resolves.toEqual({ message: null });
    expect(recorder.events).toEqual(["authwall_init", "authwall_failed"]);
    expect(api.login).not.toHaveBeenCalled();
  });

  it("an unverified account verifies with the code inside the modal, then the request resolves", async () => {
    api.login.mockResolvedValue({ status: true, message: "ACCOUNT_LOCKED", verificationRequired: true, user: { id: 12, email: "new@example.org", mobileNumber: null } });
    api.validateOtp.mockImplementation(async () => {
      document.cookie = `BAToken=${liveToken(12, "New Member")}; path=/`;
      return { status: true, message: "USER_VERIFICATION_SUCCESSFUL", access_token: "x" };
    });
    renderWall();
    let pending!: Promise<void>;
    act(() => {
      pending = waitForAuth();
    });
    const settled = vi.fn();
    pending.then(() => settled("resolved"), (e: unknown) => settled(e));
    await signInThroughModal("new@example.org");

    const code = await screen.findByLabelText(/^Verification code/);
    expect(screen.getByText(/new@example\.org/)).toBeTruthy();
    fireEvent.change(code, { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));

    // The sign-in texts load with the dialog (LazyNamespaces): allow for that on a busy machine.
    await waitFor(() => expect(settled).toHaveBeenCalledWith("resolved"), { timeout: 10_000 });
    expect(api.validateOtp).toHaveBeenCalledWith(expect.anything(), { id: 12, otp: "123456" });
    expect(recorder.events).toEqual(["authwall_init", "authwall_success"]);
    expect(screen.getByTestId("probe").textContent).toBe("signed in as New Member");
  });
});

describe("[SESSION] useSession", () => {
  it("follows the server's user and drops it with a 'Session Expired!' toast when renewal fails", async () => {
    const { Toaster } = await import("@/components/ui/toaster");
    renderWithProviders(
      <SessionProvider initialUser={{ id: 7, name: "Asha Devi", roles: ["ROLE_USER"], exp: 4_000_000_000 }}>
        <Probe />
        <Toaster />
      </SessionProvider>,
      { namespaces: NAMESPACES },
    );
    expect(screen.getByTestId("probe").textContent).toBe("signed in as Asha Devi");
    act(() => reportSessionExpired());
    expect(screen.getByTestId("probe").textContent).toBe("signed out");
    expect(await screen.findByText("Session Expired!")).toBeTruthy();
  });
});
