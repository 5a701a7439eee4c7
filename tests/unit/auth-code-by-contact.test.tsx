/**
 * Sign-up and forgot-password answer without an account id (the same whether or not an account has
 * the contact, issue 27 item 10): the code steps then name the account by the contact the code went to.
 */
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OtpForm } from "@/components/auth/otp-form";
import { ForgotPasswordScreen } from "@/features/auth/forgot-password-screen";
import { ApiError } from "@/lib/api/api-error";
import { layoutData } from "./helpers/fixtures";
import { renderWithProviders } from "./helpers/render";
import { clearCookies } from "./helpers/tokens";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

const api = vi.hoisted(() => ({ forgotPassword: vi.fn(), resetPassword: vi.fn(), validateOtp: vi.fn(), regenerateOtp: vi.fn() }));
vi.mock("@/lib/api/auth", () => api);

const NAMESPACES = ["common", "header", "auth", "form", "user"];

beforeEach(() => {
  clearCookies();
  for (const fn of Object.values(api)) fn.mockReset();
});
afterEach(cleanup);

const TEXT = {
  en: { submit: "Send verification code", email: /^Email/, sent: "Enter the verification code we sent to", code: /^Verification code/, password: /^New password/, confirm: /^Confirm password/, reset: "Reset password", wrong: "The code is wrong or has expired" },
  hi: { submit: "सत्यापन कोड भेजें", email: /^ईमेल/, sent: "हमने", code: /^सत्यापन कोड/, password: /^नया पासवर्ड/, confirm: /^पासवर्ड की पुष्टि/, reset: "पासवर्ड रीसेट करें", wrong: "कोड गलत है या उसकी अवधि समाप्त हो गई है" },
} as const;

describe("[FORGOT PASSWORD] the code is checked by the contact typed, with no account id in the answer", () => {
  it.each(["en", "hi"] as const)("in %s: the same next step for any contact; a wrong code shows under the field; the right one resets", async (lang) => {
    const text = TEXT[lang];
    api.forgotPassword.mockResolvedValue({ status: true, message: "EMAIL_SMS_SENT", user: { email: "asha@example.org", mobileNumber: null } });
    const { router } = renderWithProviders(<ForgotPasswordScreen forward="" layout={layoutData()} />, { lang, namespaces: NAMESPACES });

    fireEvent.change(screen.getByRole("textbox", { name: text.email }), { target: { value: "asha@example.org" } });
    fireEvent.click(screen.getByRole("button", { name: text.submit }));
    await waitFor(() => expect(screen.getByText(new RegExp(`${text.sent}.*asha@example\\.org`))).toBeTruthy());
    expect(api.forgotPassword).toHaveBeenCalledWith(expect.anything(), { verificationId: "asha@example.org" });

    const code = screen.getByLabelText(text.code, { selector: "input" });
    fireEvent.change(code, { target: { value: "111111" } });
    fireEvent.change(screen.getByLabelText(text.password, { selector: "input" }), { target: { value: "brand-new-pass" } });
    fireEvent.change(screen.getByLabelText(text.confirm, { selector: "input" }), { target: { value: "brand-new-pass" } });
    api.resetPassword.mockRejectedValueOnce(new ApiError(400, "INVALID_OR_EXPIRED_OTP", "The code is not correct or has expired."));
    fireEvent.click(screen.getByRole("button", { name: text.reset }));
    await waitFor(() => expect(screen.getByText(text.wrong)).toBeTruthy());

    api.resetPassword.mockResolvedValueOnce({ status: true, message: "PASSWORD_UPDATED" });
    fireEvent.change(code, { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: text.reset }));
    await waitFor(() => expect(router.push).toHaveBeenCalled());
    expect(api.resetPassword).toHaveBeenLastCalledWith(expect.anything(), {
      verificationId: "asha@example.org",
      otp: "123456",
      password: "brand-new-pass",
      confirmPassword: "brand-new-pass",
    });
  });
});

describe("[SIGN-UP CODE] the verification step after sign-up", () => {
  it("checks the code by the contact the code went to (the mobile number when chosen)", async () => {
    api.validateOtp.mockResolvedValue({ status: true, message: "USER_VERIFICATION_SUCCESSFUL" });
    const onVerified = vi.fn();
    renderWithProviders(<OtpForm user={{ email: "asha@example.org", mobileNumber: "+919876543210" }} verificationType="MOBILE" onVerified={onVerified} />, {
      namespaces: NAMESPACES,
    });
    expect(screen.getByText(/\+919876543210/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Verification code/, { selector: "input" }), { target: { value: "654321" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    expect(api.validateOtp).toHaveBeenCalledWith(expect.anything(), { verificationId: "+919876543210", otp: "654321" });
  });

  it("after a sign-in of an unverified account the id still names it", async () => {
    api.validateOtp.mockResolvedValue({ status: true, message: "USER_VERIFICATION_SUCCESSFUL" });
    renderWithProviders(<OtpForm user={{ id: 12, email: "asha@example.org", mobileNumber: null }} onVerified={vi.fn()} />, { namespaces: NAMESPACES });
    fireEvent.change(screen.getByLabelText(/^Verification code/, { selector: "input" }), { target: { value: "654321" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(api.validateOtp).toHaveBeenCalledWith(expect.anything(), { id: 12, otp: "654321" }));
  });
});
