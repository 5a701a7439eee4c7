import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RecordConsent, RecordConsentHistory } from "@/contracts/consent";
import ConsentPanel, { ConsentPanelView } from "@/features/data/consent/consent-panel";
import { ConsentNotice } from "@/features/data/consent/consent-notice";
import { dialogDefaults } from "@/features/data/consent/consent-dialog";
import { ApiError } from "@/lib/api/api-error";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

const api = vi.hoisted(() => ({ fetchRecordConsent: vi.fn(), changeRecordConsent: vi.fn(), fetchRecordAccessLog: vi.fn() }));
vi.mock("@/lib/api/consent", () => api);
vi.mock("@/lib/api/client", () => ({ getBrowserClient: () => ({}) }));

const NAMESPACES = ["common", "header", "membership", "data", "governance"];

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.fetchRecordAccessLog.mockResolvedValue({ recordId: 1, total: 0, entries: [] });
});
afterEach(cleanup);

const asha = { id: 7, name: "Asha Devi", profilePic: null, isAdmin: false };

function consent(overrides: Partial<RecordConsent> = {}): RecordConsent {
  return {
    id: 2,
    audience: "COMMUNITY",
    registries: false,
    givenBy: "REPRESENTATIVE",
    method: "FPIC_DOCUMENT",
    givenOn: "2026-03-04",
    document: "/ibpmu-abc/5b1d0c3e-0000-4000-8000-000000000000.pdf",
    note: "Agreed at the gram sabha",
    recordedBy: asha,
    recordedOn: "2026-03-05T10:00:00.000Z",
    narrowed: true,
    ...overrides,
  };
}

function history(overrides: Partial<RecordConsentHistory> = {}): RecordConsentHistory {
  const current = consent();
  const earlier = consent({ id: 1, audience: "PUBLIC", registries: true, givenBy: "CONTRIBUTOR", method: "DECLARATION", givenOn: "2026-01-10", document: null, note: null, recordedOn: "2026-01-10T09:00:00.000Z", narrowed: false });
  return { recordId: 42, current, history: [current, earlier], canChange: true, ...overrides };
}

describe("[CONSENT] the notice under a record's title", () => {
  it.each([
    ["COMMUNITY", "Shared with the community only"],
    ["CURATORS", "Shared with the community and curators only"],
    ["MEMBERS", "Shared with signed-in members only"],
    ["NONE", "Consent withdrawn: only its keepers see it"],
  ] as const)("%s: “%s”", (audience, text) => {
    renderWithProviders(<ConsentNotice audience={audience} />, { namespaces: NAMESPACES });
    expect(screen.getByRole("note").textContent).toBe(text);
  });

  it("says nothing on a public record or one from before consent", () => {
    renderWithProviders(
      <>
        <ConsentNotice audience="PUBLIC" />
        <ConsentNotice audience={undefined} />
      </>,
      { namespaces: NAMESPACES },
    );
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("in Hindi", () => {
    renderWithProviders(<ConsentNotice audience="COMMUNITY" />, { namespaces: NAMESPACES, lang: "hi" });
    expect(screen.getByRole("note").textContent).toBe("केवल समुदाय के साथ साझा");
  });
});

describe("[CONSENT] the consent panel of a record's managers", () => {
  it("shows the current consent (who, how, when, audience, registries, document) and the earlier ones", () => {
    renderWithProviders(<ConsentPanelView consent={history()} onChange={() => undefined} onWithdraw={() => undefined} />, { namespaces: NAMESPACES });
    const panel = screen.getByRole("region", { name: "Consent" });
    const value = (key: string) => panel.querySelector(`[data-consent="${key}"]`)?.textContent;
    expect(value("audience")).toBe("The community only");
    expect(value("registries")).toBe("Not to be submitted");
    expect(value("givenBy")).toBe("A representative of the community");
    expect(value("method")).toBe("A free, prior and informed consent (FPIC) document");
    expect(value("givenOn")).toBe("4 Mar 2026");
    expect(value("note")).toBe("Agreed at the gram sabha");
    expect(within(panel).getByRole("link", { name: "Open the FPIC document" }).getAttribute("href")).toBe("/files-api/api/get/raw/myUploads/ibpmu-abc/5b1d0c3e-0000-4000-8000-000000000000.pdf");
    expect(panel.textContent).toContain("Recorded by Asha Devi on");
    const earlier = within(panel).getByRole("heading", { name: "Earlier consents" }).parentElement!;
    const items = within(earlier).getAllByRole("listitem");
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toContain("Everyone (public) · The contributor · The contributor's declaration · 10 Jan 2026");
    expect(items[0]!.textContent).not.toContain("narrower than before");
    expect(within(panel).getByRole("button", { name: "Change consent" })).toBeTruthy();
    expect(within(panel).getByRole("button", { name: "Withdraw consent" })).toBeTruthy();
  });

  it("marks a narrowing in the history, offers no withdrawal once withdrawn, and no buttons to readers who may not change it", () => {
    const withdrawn = consent({ id: 3, audience: "NONE", method: "MEETING", document: null, note: null, recordedBy: null });
    renderWithProviders(<ConsentPanelView consent={history({ current: withdrawn, history: [withdrawn, consent()] })} onChange={() => undefined} onWithdraw={() => undefined} />, { namespaces: NAMESPACES });
    const panel = screen.getByRole("region", { name: "Consent" });
    expect(panel.querySelector('[data-consent="audience"]')?.textContent).toBe("Nobody else (consent withdrawn)");
    expect(panel.textContent).toContain("Recorded on");
    expect(within(panel).getAllByRole("listitem")[0]!.textContent).toContain("narrower than before");
    expect(within(panel).queryByRole("button", { name: "Withdraw consent" })).toBeNull();
    expect(within(panel).getByRole("button", { name: "Change consent" })).toBeTruthy();
    cleanup();
    renderWithProviders(<ConsentPanelView consent={history({ canChange: false })} onChange={() => undefined} onWithdraw={() => undefined} />, { namespaces: NAMESPACES });
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("says when no consent is recorded, in Hindi too", () => {
    renderWithProviders(<ConsentPanelView consent={history({ current: null, history: [] })} onChange={() => undefined} onWithdraw={() => undefined} />, { namespaces: NAMESPACES, lang: "hi" });
    const panel = screen.getByRole("region", { name: "सहमति" });
    expect(panel.textContent).toContain("कोई सहमति दर्ज नहीं है: रिकॉर्ड सार्वजनिक नहीं है।");
    expect(within(panel).getByRole("button", { name: "सहमति बदलें" })).toBeTruthy();
  });

  it("is not shown to a visitor the platform refuses (403, 404)", async () => {
    api.fetchRecordConsent.mockRejectedValue(new ApiError(403, "FORBIDDEN", "Forbidden"));
    renderWithProviders(<ConsentPanel recordId={42} title="Devara Kadu" />, { namespaces: NAMESPACES });
    await waitFor(() => expect(api.fetchRecordConsent).toHaveBeenCalledWith({}, 42));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region", { name: "Consent" })).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("changes the consent to public in a dialog, then refreshes the page", async () => {
    api.fetchRecordConsent.mockResolvedValue(history());
    const changed = history({ current: consent({ id: 4, audience: "PUBLIC", registries: true, narrowed: false }) });
    api.changeRecordConsent.mockResolvedValue(changed);
    const { router } = renderWithProviders(<ConsentPanel recordId={42} title="Devara Kadu" />, { namespaces: NAMESPACES });
    fireEvent.click(await screen.findByRole("button", { name: "Change consent" }));
    const dialog = await screen.findByRole("dialog", { name: "Change the consent of “Devara Kadu”" });
    // Starts from the current consent.
    expect((within(dialog).getByRole("radio", { name: /The community only/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole("radio", { name: /Everyone \(public\)/ }));
    fireEvent.click(await within(dialog).findByRole("checkbox", { name: /international registries/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save the consent" }));
    await waitFor(() => expect(api.changeRecordConsent).toHaveBeenCalledTimes(1));
    const [, id, input] = api.changeRecordConsent.mock.calls[0]!;
    expect(id).toBe(42);
    expect(input).toMatchObject({ audience: "PUBLIC", registries: true, givenBy: "REPRESENTATIVE", method: "FPIC_DOCUMENT", document: consent().document });
    await waitFor(() => expect(router.replace).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole("region", { name: "Consent" }).querySelector('[data-consent="audience"]')?.textContent).toBe("Everyone (public)"));
  });

  it("withdraws with a confirmation that sends audience NONE", async () => {
    api.fetchRecordConsent.mockResolvedValue(history());
    const withdrawn = consent({ id: 5, audience: "NONE", narrowed: true });
    api.changeRecordConsent.mockResolvedValue(history({ current: withdrawn, history: [withdrawn, consent()] }));
    renderWithProviders(<ConsentPanel recordId={42} title="Devara Kadu" />, { namespaces: NAMESPACES });
    fireEvent.click(await screen.findByRole("button", { name: "Withdraw consent" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Withdraw the consent of “Devara Kadu”?" });
    // Who, how and when are asked again; the audience is not a choice.
    expect(within(dialog).queryByRole("radio", { name: /Everyone \(public\)/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole("radio", { name: "A recorded community meeting" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Withdraw consent" }));
    await waitFor(() => expect(api.changeRecordConsent).toHaveBeenCalledTimes(1));
    expect(api.changeRecordConsent.mock.calls[0]![2]).toMatchObject({ audience: "NONE", registries: false, givenBy: "REPRESENTATIVE", method: "MEETING", document: null });
    await waitFor(() => expect(screen.getByRole("region", { name: "Consent" }).querySelector('[data-consent="audience"]')?.textContent).toBe("Nobody else (consent withdrawn)"));
  });

  it("a withdrawal's dialog starts at audience NONE; a change starts from the current consent, dated today", () => {
    expect(dialogDefaults("withdraw", consent(), "2026-04-01")).toMatchObject({ audience: "NONE", givenBy: "REPRESENTATIVE", method: "DECLARATION", givenOn: "2026-04-01", registries: false });
    expect(dialogDefaults("change", consent(), "2026-04-01")).toMatchObject({ audience: "COMMUNITY", givenOn: "2026-04-01", note: "" });
  });
});

describe("[GOVERNANCE] who has read a record below the public", () => {
  it("lists the readers with the audience they read it under, newest first, and says how many more", () => {
    const log = { recordId: 1, total: 3, entries: [{ reader: asha, audience: "COMMUNITY" as const, readOn: "2026-03-06T09:30:00.000Z" }, { reader: null, audience: "CURATORS" as const, readOn: "2026-03-05T09:30:00.000Z" }] };
    renderWithProviders(<ConsentPanelView consent={history()} accessLog={log} onChange={() => undefined} onWithdraw={() => undefined} />, { namespaces: NAMESPACES });
    const readers = screen.getByTestId("consent-readers");
    expect(within(readers).getByRole("heading", { name: "Who has read it" })).toBeTruthy();
    const items = within(readers).getAllByRole("listitem").map((li) => li.textContent);
    expect(items[0]).toContain("Asha Devi read it while it was shared with: The community only");
    expect(items[1]).toContain("A former member");
    expect(within(readers).getByText("and 1 earlier read")).toBeTruthy();
  });

  it("says so in Hindi when nobody outside its keepers has read it", () => {
    renderWithProviders(<ConsentPanelView consent={history()} accessLog={{ recordId: 1, total: 0, entries: [] }} onChange={() => undefined} onWithdraw={() => undefined} />, { namespaces: NAMESPACES, lang: "hi" });
    expect(within(screen.getByTestId("consent-readers")).getByText("जब यह सार्वजनिक नहीं था, तब इसके संरक्षकों के अलावा किसी ने इसे नहीं पढ़ा।")).toBeTruthy();
  });
});
