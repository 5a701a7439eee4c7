import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EMPTY_GROUP_FORM, GroupForm } from "@/features/group/group-form";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

afterEach(cleanup);

const INITIAL = { ...EMPTY_GROUP_FORM, nameEn: "Forest Keepers", webAddress: "keepers", domainName: "https://keepers.example.org" };

// Issue 27 item 14: only administrators set a microsite's own domain (the platform keeps the stored one for founders).
describe("[GROUPS] the own-domain field of the group form", () => {
  it.each([
    ["en", "Only site administrators can set or change a microsite's own domain"],
    ["hi", "केवल साइट प्रशासक माइक्रोसाइट का अपना डोमेन सेट या बदल सकते हैं"],
  ] as const)("%s: a founder sees the stored domain read-only, with a note saying who sets it", (lang, note) => {
    renderWithProviders(<GroupForm initial={INITIAL} siteUrl="http://localhost:3000" submitLabel="Save" onSubmit={async () => {}} canSetDomain={false} />, {
      lang,
      namespaces: ["common", "group", "form"],
    });
    const domain = screen.getByDisplayValue("https://keepers.example.org") as HTMLInputElement;
    expect(domain.readOnly).toBe(true);
    const described = (domain.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent ?? "");
    expect(described.join(" ")).toContain(note);
  });

  it("an administrator edits it", () => {
    renderWithProviders(<GroupForm initial={INITIAL} siteUrl="http://localhost:3000" submitLabel="Save" onSubmit={async () => {}} />, { namespaces: ["common", "group", "form"] });
    const domain = screen.getByDisplayValue("https://keepers.example.org") as HTMLInputElement;
    expect(domain.readOnly).toBe(false);
    expect(document.body.textContent).not.toContain("Only site administrators");
  });
});
