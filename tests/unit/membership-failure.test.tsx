import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useMembershipActions } from "@/components/group/use-membership-actions";
import { Toaster } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api/api-error";
import { readLocale } from "./helpers/locales";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

const api = vi.hoisted(() => ({ joinGroup: vi.fn(), withdrawJoinRequest: vi.fn(), leaveGroup: vi.fn() }));
vi.mock("@/lib/api/groups", () => api);

function LeaveButton() {
  const actions = useMembershipActions({ id: 3, name: "Sacred Groves", closed: false }, () => undefined);
  return (
    <>
      <button onClick={actions.leave}>leave</button>
      {actions.dialog}
    </>
  );
}

afterEach(cleanup);

// The chrome's HTML carries only `membership`; a failure's reason (auth:codes, group:errors) loads with it.
describe("[I18N] a failed membership change explains itself without its namespaces in the page", () => {
  it.each(["en", "hi"] as const)("%s: leaving refused by the platform shows the translated reason", async (lang) => {
    api.leaveGroup.mockRejectedValueOnce(new ApiError(403, "FORBIDDEN", "Forbidden"));
    const join = (readLocale(lang, "membership") as { join: Record<string, string> }).join;
    const codes = (readLocale(lang, "auth") as { codes: Record<string, string> }).codes;
    renderWithProviders(
      <>
        <LeaveButton />
        <Toaster />
      </>,
      { lang },
    );
    fireEvent.click(screen.getByRole("button", { name: "leave" }));
    fireEvent.click(await screen.findByRole("button", { name: join.confirm_leave_ok }));
    expect(await screen.findByText(codes.forbidden!)).toBeTruthy();
    expect(screen.getByText(join.error!)).toBeTruthy();
    expect(api.leaveGroup).toHaveBeenCalledWith(expect.anything(), 3);
  });
});
