import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OtpField, sanitizeOtp } from "@/components/auth/otp-field";
import { SignInForm } from "@/components/auth/sign-in-form";
import { PhoneField } from "@/components/form/phone-field";
import { countryOptions, splitE164, toE164 } from "@/components/form/phone-numbers";
import SITE_CONFIG from "@site-config";
import { getCountryCallingCode } from "libphonenumber-js";
import { ApiError } from "@/lib/api/api-error";
import { renderWithProviders } from "./helpers/render";
import { clearCookies } from "./helpers/tokens";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

const api = vi.hoisted(() => ({ login: vi.fn(), validateOtp: vi.fn(), regenerateOtp: vi.fn() }));
vi.mock("@/lib/api/auth", () => api);

const NAMESPACES = ["common", "header", "auth", "form"];

function renderSignIn(lang: "en" | "hi" = "en") {
  const onSignedIn = vi.fn();
  const view = renderWithProviders(<SignInForm otpPresentation="dialog" linkPrefix="/group/forest" forward="/data/list?x=1" onSignedIn={onSignedIn} />, {
    lang,
    namespaces: NAMESPACES,
  });
  return { ...view, onSignedIn };
}

/** The text that describes a field (its error and help), as assistive technology reads it. */
function description(input: HTMLElement): string {
  return (input.getAttribute("aria-describedby") ?? "")
    .split(/\s+/)
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? "") : ""))
    .join(" ");
}

beforeEach(() => {
  clearCookies();
  api.login.mockReset();
  api.validateOtp.mockReset();
});
afterEach(cleanup);

describe("[LOGIN] the sign-in form", () => {
  it("shows translated validation messages under the fields, tied to them", async () => {
    renderSignIn();
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const email = screen.getByRole("textbox", { name: /^Email/ });
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(description(email)).toContain("This field is required");
    const password = screen.getByLabelText(/^Password/, { selector: "input" });
    expect(description(password)).toContain("This field is required");

    fireEvent.change(email, { target: { value: "not-an-address" } });
    fireEvent.change(password, { target: { value: "x" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(description(email)).toContain("Enter an email address or a mobile number"));
    expect(api.login).not.toHaveBeenCalled();
  });

  it("shows the same messages in Hindi", async () => {
    renderSignIn("hi");
    fireEvent.click(screen.getByRole("button", { name: "साइन इन करें" }));
    await waitFor(() => expect(screen.getAllByText("यह फ़ील्ड आवश्यक है").length).toBe(2));
  });

  it("shows the platform's refusal code as a translated message", async () => {
    api.login.mockRejectedValue(new ApiError(401, "INVALID_CREDENTIALS", "Wrong password"));
    renderSignIn();
    fireEvent.change(screen.getByRole("textbox", { name: /^Email/ }), { target: { value: "asha@example.org" } });
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: "input" }), { target: { value: "wrong-password" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toContain("The email, mobile number or password is incorrect");
    expect(api.login).toHaveBeenCalledWith(expect.anything(), { username: "asha@example.org", password: "wrong-password" });
  });

  it("falls back to a generic sentence for an unknown code, and shows field errors under their fields", async () => {
    api.login.mockRejectedValueOnce(new ApiError(418, "SOMETHING_NEW", "?"));
    renderSignIn();
    fireEvent.change(screen.getByRole("textbox", { name: /^Email/ }), { target: { value: "asha@example.org" } });
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: "input" }), { target: { value: "secret-password" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Something went wrong. Please try again.");

    api.login.mockRejectedValueOnce(new ApiError(400, "VALIDATION_FAILED", "bad", { password: 'form:min_length|{"min":8}' }));
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const password = screen.getByLabelText(/^Password/, { selector: "input" });
    await waitFor(() => expect(description(password)).toContain("Enter at least 8 characters"));
  });

  it("signs in by mobile number: India is preselected and the number goes as E.164", async () => {
    api.login.mockResolvedValue({ status: true, message: "AUTHENTICATION_SUCCESSFUL", verificationRequired: false });
    const { onSignedIn } = renderSignIn();
    fireEvent.click(screen.getByRole("radio", { name: "Mobile number" }));
    const country = await screen.findByRole("combobox", { name: "Country code" });
    expect((country as HTMLSelectElement).value).toBe("IN");
    fireEvent.change(screen.getByRole("textbox", { name: /^Mobile number/ }), { target: { value: "98765 43210" } });
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: "input" }), { target: { value: "secret-password" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(api.login).toHaveBeenCalledWith(expect.anything(), { username: "+919876543210", password: "secret-password" });
  });

  it("an unverified account (ACCOUNT_LOCKED) opens the verification dialog instead of signing in", async () => {
    api.login.mockResolvedValue({ status: true, message: "ACCOUNT_LOCKED", verificationRequired: true, user: { id: 12, email: "new@example.org", mobileNumber: null } });
    const { onSignedIn } = renderSignIn();
    fireEvent.change(screen.getByRole("textbox", { name: /^Email/ }), { target: { value: "new@example.org" } });
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: "input" }), { target: { value: "secret-password" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Verify your account")).toBeTruthy();
    // The code step loads with the dialog: "Loading…" first, then the form.
    expect(await within(dialog).findByText(/new@example\.org/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();

    api.validateOtp.mockRejectedValueOnce(new ApiError(400, "INVALID_OR_EXPIRED_OTP", "bad code"));
    const code = within(dialog).getByLabelText(/^Verification code/, { selector: "input" });
    fireEvent.change(code, { target: { value: "111111" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(description(code)).toContain("The code is wrong or has expired"));

    api.validateOtp.mockResolvedValueOnce({ status: true, message: "USER_VERIFICATION_SUCCESSFUL" });
    fireEvent.change(code, { target: { value: "123456" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(api.validateOtp).toHaveBeenLastCalledWith(expect.anything(), { id: 12, otp: "123456" });
  });

  it("links to registration (carrying forward) and to password reset, inside the group", () => {
    renderSignIn();
    expect(screen.getByRole("link", { name: "Register" }).getAttribute("href")).toBe(`/group/forest/register?forward=${encodeURIComponent("/data/list?x=1")}`);
    expect(screen.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe("/group/forest/register/forgotPassword");
  });

  it("the password can be shown and hidden with a labelled toggle", () => {
    renderSignIn();
    const password = screen.getByLabelText(/^Password/, { selector: "input" });
    expect(password.getAttribute("type")).toBe("password");
    fireEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(password.getAttribute("type")).toBe("text");
    expect(screen.getByRole("button", { name: "Hide password" }).getAttribute("aria-pressed")).toBe("true");
  });
});

function OtpHarness() {
  const [value, setValue] = useState("");
  return (
    <>
      <OtpField name="otp" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe("[OTP] the verification code input", () => {
  it("is a numeric one-time-code field", () => {
    renderWithProviders(<OtpHarness />, { namespaces: NAMESPACES });
    const input = screen.getByLabelText(/^Verification code/, { selector: "input" });
    expect(input.getAttribute("autocomplete")).toBe("one-time-code");
    expect(input.getAttribute("inputmode")).toBe("numeric");
    expect(description(input)).toContain("6-digit");
  });

  it("keeps digits only, at most six", () => {
    renderWithProviders(<OtpHarness />, { namespaces: NAMESPACES });
    const input = screen.getByLabelText(/^Verification code/, { selector: "input" });
    fireEvent.change(input, { target: { value: "12a3" } });
    expect(screen.getByTestId("value").textContent).toBe("123");
    fireEvent.change(input, { target: { value: "12345678" } });
    expect(screen.getByTestId("value").textContent).toBe("123456");
  });

  it("accepts a pasted code with spaces or dashes", () => {
    renderWithProviders(<OtpHarness />, { namespaces: NAMESPACES });
    const input = screen.getByLabelText(/^Verification code/, { selector: "input" });
    act(() => {
      fireEvent.paste(input, { clipboardData: { getData: () => "123 456" } });
    });
    expect(screen.getByTestId("value").textContent).toBe("123456");
    expect(sanitizeOtp("Code: 654-321")).toBe("654321");
  });
});

describe("[PHONE] mobile numbers", () => {
  it("are stored in E.164 with India as the default country", () => {
    expect(toE164("98765 43210", "IN")).toBe("+919876543210");
    expect(toE164("+44 7700 900123", "IN")).toBe("+447700900123");
    expect(toE164("", "IN")).toBe("");
    expect(splitE164("+919876543210")).toEqual({ country: "IN", national: "9876543210" });
    expect(splitE164(null)).toEqual({ country: "IN", national: "" });
  });

  it("the configured calling code is libphonenumber's for the default country (shown before it loads)", () => {
    expect(getCountryCallingCode(SITE_CONFIG.MAP.COUNTRY as "IN")).toBe(SITE_CONFIG.MAP.CALLING_CODE);
    expect(countryOptions("en")[0]).toEqual({ code: "IN", label: "India (+91)" });
  });

  it("the field lists every country once libphonenumber has loaded, and gives the number in E.164", async () => {
    function Form() {
      const [value, setValue] = useState("");
      return (
        <>
          <PhoneField label="Mobile number" name="mobileNumber" value={value} onChange={setValue} />
          <output data-testid="value">{value}</output>
        </>
      );
    }
    renderWithProviders(<Form />, { namespaces: ["common", "auth", "form"] });
    const country = screen.getByRole("combobox", { name: "Country code" });
    fireEvent.change(screen.getByRole("textbox", { name: /^Mobile number/ }), { target: { value: "098765 43210" } });
    await waitFor(() => expect(screen.getByTestId("value").textContent).toBe("+919876543210"));
    await waitFor(() => expect(within(country).getAllByRole("option").length).toBeGreaterThan(200));
    expect((country as HTMLSelectElement).value).toBe("IN");
  });

  it("a stored number of another country is shown with its country", async () => {
    renderWithProviders(<PhoneField label="Mobile number" name="mobileNumber" value="+4915123456789" onChange={() => undefined} />, { namespaces: ["common", "auth", "form"] });
    await waitFor(() => expect((screen.getByRole("textbox", { name: /^Mobile number/ }) as HTMLInputElement).value).toBe("15123456789"));
    expect((screen.getByRole("combobox", { name: "Country code" }) as HTMLSelectElement).value).toBe("DE");
  });
});
