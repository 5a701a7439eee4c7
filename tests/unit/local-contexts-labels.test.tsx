import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isLabelId, labelById, labelTextIn, LOCAL_CONTEXTS_LABELS, type RecordLabel } from "@/contracts/local-contexts";
import { recordLabelsSchema } from "@/contracts/record-labels.schema";
import { LabelBadges } from "@/components/labels/label-badges";
import { errorsByLabel, initialChoices, toLabelsInput } from "@/components/labels/labels-dialog";
import RecordLabels, { RecordLabelsView } from "@/features/data/labels/record-labels";
import { readLocale } from "./helpers/locales";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

const api = vi.hoisted(() => ({ fetchRecordLabels: vi.fn(), saveRecordLabels: vi.fn(), fetchHubConfigured: vi.fn(), syncRecordLabelsFromHub: vi.fn() }));
vi.mock("@/features/data/labels/record-labels-api", () => api);
vi.mock("@/lib/api/client", () => ({ getBrowserClient: () => ({}) }));
const consentApi = vi.hoisted(() => ({ fetchRecordConsent: vi.fn() }));
vi.mock("@/lib/api/consent", () => consentApi);
const session = vi.hoisted(() => ({ user: null as null | { id: number } }));
vi.mock("@/components/auth/session-context", async (original) => ({
  ...(await original<typeof import("@/components/auth/session-context")>()),
  useSession: () => ({ user: session.user, signedIn: session.user !== null, refreshUser: () => null, signOut: () => undefined }),
}));

const NAMESPACES = ["common", "header", "membership", "data", "governance"];

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  api.fetchHubConfigured.mockResolvedValue(false);
  consentApi.fetchRecordConsent.mockReset();
  session.user = null;
});
afterEach(cleanup);

const TK = ["Attribution", "Clan", "Family", "Outreach", "Multiple Communities", "Verified", "Non-Verified", "Non-Commercial", "Commercial", "Culturally Sensitive", "Community Voice", "Community Use Only", "Seasonal", "Women General", "Men General", "Women Restricted", "Men Restricted", "Secret / Sacred", "Open to Collaboration", "Creative"];
const BC = ["Provenance", "Commercialization", "Non-Commercial", "Collaboration", "Consent Verified", "Consent Non-Verified", "Multiple Communities", "Research", "Clan", "Outreach"];
const RESTRICTING = ["Community Use Only", "Secret / Sacred", "Women Restricted", "Men Restricted", "Seasonal"];

function applied(labelId: string, text: RecordLabel["text"] = null): RecordLabel {
  const label = labelById(labelId)!;
  return { labelId, kind: label.kind, restricts: label.restricts, text, appliedBy: null, appliedOn: "2026-03-05T10:00:00.000Z" };
}

describe("[LABELS] the Local Contexts catalogue shipped with the portal", () => {
  it("holds the 20 TK and 10 BC label types by their names, each once", () => {
    expect(LOCAL_CONTEXTS_LABELS.filter((l) => l.kind === "TK").map((l) => l.name)).toEqual(TK);
    expect(LOCAL_CONTEXTS_LABELS.filter((l) => l.kind === "BC").map((l) => l.name)).toEqual(BC);
    const ids = LOCAL_CONTEXTS_LABELS.map((l) => l.id);
    expect(new Set(ids).size).toBe(30);
    for (const l of LOCAL_CONTEXTS_LABELS) {
      expect(l.id).toMatch(l.kind === "TK" ? /^tk-[a-z-]+$/ : /^bc-[a-z-]+$/);
      expect(l.text.length).toBeGreaterThan(30);
      expect(isLabelId(l.id)).toBe(true);
    }
    expect(isLabelId("tk-unknown")).toBe(false);
    expect(labelById("tk-secret-sacred")?.name).toBe("Secret / Sacred");
  });

  it("flags exactly the labels that restrict access", () => {
    expect(LOCAL_CONTEXTS_LABELS.filter((l) => l.restricts).map((l) => l.name).sort()).toEqual([...RESTRICTING].sort());
    expect(LOCAL_CONTEXTS_LABELS.filter((l) => l.restricts).every((l) => l.kind === "TK")).toBe(true);
  });

  it.each(["en", "hi"])("names and explains every label in %s (the English as the catalogue writes it; Hindi in Devanagari)", (lang) => {
    const types = (readLocale(lang, "governance") as { labels: { types: Record<string, { name: string; text: string }> } }).labels.types;
    expect(Object.keys(types).sort()).toEqual(LOCAL_CONTEXTS_LABELS.map((l) => l.id).sort());
    for (const l of LOCAL_CONTEXTS_LABELS) {
      const entry = types[l.id]!;
      if (lang === "en") expect(entry).toEqual({ name: l.name, text: l.text });
      else {
        expect(entry.name, l.id).toMatch(/[\u0900-\u097F]/);
        expect(entry.text, l.id).toMatch(/[\u0900-\u097F]{3}/);
        expect(entry.text).not.toBe(l.text);
      }
    }
  });

  it("shows the community's own text in the visitor's language, else the catalogue's", () => {
    const label = applied("tk-seasonal", { en: "Only after the monsoon" });
    expect(labelTextIn(label, "en", "default")).toBe("Only after the monsoon");
    expect(labelTextIn(label, "hi", "मानक")).toBe("मानक");
    expect(labelTextIn(applied("tk-seasonal"), "en", "default")).toBe("default");
  });
});

describe("[LABELS] the body of PUT data/labels/{id}", () => {
  const errorsOf = async (body: unknown) => {
    try {
      await recordLabelsSchema.validate(body, { abortEarly: false });
      return [];
    } catch (error) {
      return (error as { inner: Array<{ path: string; message: string }> }).inner.map((e) => `${e.path} ${e.message}`);
    }
  };

  it("accepts a set of known labels with texts in en and hi", async () => {
    expect(await errorsOf({ labels: [{ labelId: "tk-clan", text: { en: "Ask the Bhil clan", hi: "भील कुल से पूछें" } }, { labelId: "bc-research" }] })).toEqual([]);
  });

  it("refuses unknown labels, duplicates, other languages and long texts with keys", async () => {
    expect(await errorsOf({ labels: [{ labelId: "tk-nope" }] })).toEqual(["labels[0].labelId governance:labels.errors.unknown"]);
    expect(await errorsOf({ labels: [{ labelId: "tk-clan" }, { labelId: "tk-clan" }] })).toEqual(["labels governance:labels.errors.duplicate"]);
    expect(await errorsOf({ labels: [{ labelId: "tk-clan", text: { ta: "x" } }] })).toEqual(["labels[0].text form:language"]);
    expect(await errorsOf({ labels: [{ labelId: "tk-clan", text: { hi: "क".repeat(501) } }] })).toEqual(['labels[0].text.hi form:max_length|{"max":500}']);
  });
});

describe("[LABELS] the badges on a record's page", () => {
  it("render names and texts in Hindi, the community's own text where it wrote one", () => {
    renderWithProviders(<LabelBadges labels={[applied("tk-secret-sacred"), applied("bc-provenance", { hi: "गाँव की पंचायत इसकी संरक्षक है" })]} />, { lang: "hi", namespaces: NAMESPACES });
    const items = within(screen.getByTestId("record-labels-list")).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain("गुप्त / पवित्र");
    expect(items[0]!.textContent).toContain("पहुँच सीमित करता है");
    expect(items[0]!.textContent).toContain("यह समुदाय के लिए पवित्र है");
    expect(items[1]!.textContent).toContain("उद्गम");
    expect(items[1]!.textContent).toContain("गाँव की पंचायत इसकी संरक्षक है");
    expect(items[1]!.textContent).toContain("समुदाय के शब्दों में");
    expect(items[0]!.querySelector("svg[aria-hidden='true']")?.getAttribute("data-restricts")).toBe("true");
  });

  it("render in English with the kind of each label", () => {
    renderWithProviders(<LabelBadges labels={[applied("bc-research")]} />, { namespaces: NAMESPACES });
    expect(screen.getByRole("listitem").textContent).toContain("Research · Biocultural label");
  });

  it("say nothing to a visitor when the record has no labels; its keepers see Edit labels", () => {
    const onEdit = vi.fn();
    const { container } = renderWithProviders(<RecordLabelsView labels={[]} canEdit={false} onEdit={onEdit} />, { namespaces: NAMESPACES });
    expect(container.querySelector("[data-testid='record-labels']")).toBeNull();
    cleanup();
    renderWithProviders(<RecordLabelsView labels={[]} canEdit onEdit={onEdit} />, { namespaces: NAMESPACES });
    fireEvent.click(screen.getByRole("button", { name: "Edit labels" }));
    expect(onEdit).toHaveBeenCalled();
  });

  it("load for every visitor and hide on 404", async () => {
    api.fetchRecordLabels.mockResolvedValueOnce([applied("tk-attribution")]);
    renderWithProviders(<RecordLabels recordId={5} title="Grove" />, { namespaces: NAMESPACES });
    expect(await screen.findByText("Attribution")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Edit labels" })).toBeNull();
    cleanup();
    const { ApiError } = await import("@/lib/api/api-error");
    api.fetchRecordLabels.mockRejectedValueOnce(new ApiError(404, "NOT_FOUND", "Record 5 not found"));
    const { container } = renderWithProviders(<RecordLabels recordId={5} title="Grove" />, { namespaces: NAMESPACES });
    await waitFor(() => expect(api.fetchRecordLabels).toHaveBeenCalled());
    expect(container.querySelector("[data-testid='record-labels']")).toBeNull();
  });
});

describe("[LABELS] a keeper edits the labels", () => {
  it("opens the dialog (native buttons, checkboxes and text areas, all reachable by Tab), chooses a label with the community's text, saves with PUT and refreshes the page", async () => {
    session.user = { id: 7 };
    consentApi.fetchRecordConsent.mockResolvedValue({ recordId: 5, current: null, history: [], canChange: true });
    api.fetchRecordLabels.mockResolvedValue([applied("tk-attribution")]);
    api.saveRecordLabels.mockImplementation(async (_client: unknown, _id: number, input: { labels: Array<{ labelId: string; text?: RecordLabel["text"] }> }) =>
      input.labels.map((l) => applied(l.labelId, l.text ?? null)),
    );
    const { router } = renderWithProviders(<RecordLabels recordId={5} title="Devara Kadu" />, { namespaces: NAMESPACES });
    const edit = await screen.findByRole("button", { name: "Edit labels" });
    expect(edit.tagName).toBe("BUTTON");
    fireEvent.click(edit);
    const dialog = await screen.findByRole("dialog", { name: "Labels of “Devara Kadu”" });
    expect(within(dialog).getAllByRole("checkbox")).toHaveLength(30);
    expect((within(dialog).getByRole("checkbox", { name: /^Attribution/ }) as HTMLInputElement).checked).toBe(true);
    const sacred = within(dialog).getByRole("checkbox", { name: /^Secret \/ Sacred/ });
    fireEvent.click(sacred);
    const option = dialog.querySelector("[data-label-option='tk-secret-sacred']") as HTMLElement;
    fireEvent.change(within(option).getByLabelText("The community's text in English (optional)"), { target: { value: "Ask the devrai committee" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save the labels" }));
    await waitFor(() => expect(api.saveRecordLabels).toHaveBeenCalledTimes(1));
    expect(api.saveRecordLabels.mock.calls[0]![1]).toBe(5);
    expect(api.saveRecordLabels.mock.calls[0]![2]).toEqual({ labels: [{ labelId: "tk-attribution" }, { labelId: "tk-secret-sacred", text: { en: "Ask the devrai committee" } }] });
    await waitFor(() => expect(router.replace).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId("record-labels-list").textContent).toContain("Ask the devrai committee"));
  });
});

describe("[LABELS] the edit dialog's model", () => {
  it("starts from the record's labels and sends the chosen ones in the catalogue's order, blank texts left out", () => {
    const choices = initialChoices([applied("tk-seasonal", { en: "Winter only" })]);
    expect(Object.keys(choices)).toHaveLength(30);
    expect(choices["tk-seasonal"]).toEqual({ checked: true, text: { en: "Winter only", hi: "" } });
    choices["bc-research"] = { checked: true, text: { en: "  ", hi: "शोध की अनुमति है" } };
    choices["tk-attribution"] = { checked: true, text: { en: "", hi: "" } };
    expect(toLabelsInput(choices)).toEqual({
      labels: [{ labelId: "tk-attribution" }, { labelId: "tk-seasonal", text: { en: "Winter only" } }, { labelId: "bc-research", text: { hi: "शोध की अनुमति है" } }],
    });
  });

  it("puts the platform's field errors under their labels", () => {
    const input = { labels: [{ labelId: "tk-attribution" }, { labelId: "tk-seasonal" }] };
    expect(errorsByLabel({ "labels[1].text.en": "form:max_length|{\"max\":500}", labels: "governance:labels.errors.duplicate" }, input)).toEqual({
      "tk-seasonal": "form:max_length|{\"max\":500}",
      form: "governance:labels.errors.duplicate",
    });
  });
});
