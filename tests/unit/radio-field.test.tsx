import { cleanup, fireEvent, screen } from "@testing-library/react";
import axe from "axe-core";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RadioField } from "@/components/form/fields";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

afterEach(cleanup);

const OPTIONS = [
  { value: "EMAIL", label: "Email" },
  { value: "MOBILE", label: "Mobile number" },
];

function Choice({ error }: { error?: string }) {
  const [value, setValue] = useState<string | undefined>("EMAIL");
  return <RadioField label="Sign in with" name="via" value={value} onChange={setValue} options={OPTIONS} error={error} />;
}

// Native radio buttons in a fieldset (not Chakra's RadioGroup, whose state machine weighed ~10 kB on the sign-in page).
describe("[FORMS] a radio choice", () => {
  it("is one named group of native radios; a click on an option's text picks it", () => {
    renderWithProviders(<Choice />);
    const group = screen.getByRole("radiogroup", { name: "Sign in with" });
    expect(group.querySelectorAll('input[type="radio"][name="via"]')).toHaveLength(2);
    const checked = (name: string) => (screen.getByRole("radio", { name }) as HTMLInputElement).checked;
    expect(checked("Email")).toBe(true);
    fireEvent.click(screen.getByText("Mobile number"));
    expect(checked("Mobile number")).toBe(true);
    expect(checked("Email")).toBe(false);
    expect(group.getAttribute("aria-invalid")).toBeNull();
  });

  it.each([
    ["en", "This field is required"],
    ["hi", "यह फ़ील्ड आवश्यक है"],
  ] as const)("%s: an error is announced with the group, in the visitor's language, with no serious axe violation", async (lang, text) => {
    renderWithProviders(<Choice error="form:required" />, { lang, namespaces: ["common", "form"] });
    const group = screen.getByRole("radiogroup");
    expect(group.getAttribute("aria-invalid")).toBe("true");
    const described = (group.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([text]);
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });
});
