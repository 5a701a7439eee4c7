import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ConsentInput } from "@/contracts/consent";
import type { CCAField } from "@/contracts/template";
import { consentSchema } from "@/contracts/consent.schema";
import { draftKey } from "@/lib/forms/draft-store";
import { consentDefaults, consentFormValues, consentResolver, toConsentInput, type ConsentFormValues } from "@/components/consent/consent-fields";
import { ConsentSection } from "@/features/participate/consent-section";
import { ParticipateFormScreen } from "@/features/participate/participate-form-screen";
import { ParticipateSuccess } from "@/features/participate/participate-success";
import { SessionProvider } from "@/components/auth/session-context";
import { layoutData, user } from "./helpers/fixtures";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

afterEach(cleanup);

/** A plain text field of a template. */
const textField = (fieldId: string, name: string): CCAField => ({
  fieldId,
  type: "TEXT",
  name,
  question: name,
  helpText: "",
  isRequired: false,
  isMasterField: false,
  isSummaryField: false,
  isFilterable: false,
  isTitleColumn: true,
  isChart: false,
  minMax: [],
  valueOptions: [],
  publicPrecision: null,
  createdOn: "2026-01-01T00:00:00.000Z",
  updatedOn: "2026-01-01T00:00:00.000Z",
  children: [],
});

const NAMESPACES = ["common", "header", "membership", "template", "form", "governance"];

/** The consent section in a form of its own, as the participation form uses it. */
function Harness({ onValid, initial }: { onValid: (values: ConsentFormValues) => void; initial?: Partial<ConsentFormValues> }) {
  const { control, setValue, handleSubmit, formState } = useForm<ConsentFormValues>({ resolver: consentResolver(), defaultValues: { ...consentDefaults("2026-01-15"), ...initial } });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <ConsentSection control={control} setValue={setValue} errors={formState.errors} idPrefix="test-consent" />
      <button type="submit">Send</button>
    </form>
  );
}

function renderSection(lang: "en" | "hi" = "en", initial?: Partial<ConsentFormValues>) {
  const onValid = vi.fn();
  renderWithProviders(<Harness onValid={onValid} initial={initial} />, { lang, namespaces: NAMESPACES });
  return onValid;
}

const audienceGroup = (name: string) => screen.getByRole("group", { name });

describe("[CONSENT] the participation form's consent section", () => {
  it("offers four audiences with none chosen, and asks for one before sending", async () => {
    const onValid = renderSection();
    const group = audienceGroup("Who may see this record");
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((r) => r.getAttribute("value"))).toEqual(["COMMUNITY", "CURATORS", "MEMBERS", "PUBLIC"]);
    expect(radios.every((r) => !(r as HTMLInputElement).checked)).toBe(true);
    // Defaults: the contributor, by declaration.
    expect((screen.getByRole("radio", { name: "The contributor" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "The contributor's declaration" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/Date of consent/) as HTMLInputElement).value).toBe("2026-01-15");

    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await within(group).findByText("Choose who may see this record")).toBeTruthy();
    expect(group.getAttribute("aria-describedby")).toBe("test-consent-audience-error");
    expect(onValid).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("radio", { name: /The community only/ }));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).toMatchObject({ audience: "COMMUNITY", registries: false, givenBy: "CONTRIBUTOR", method: "DECLARATION" });
  });

  it("enables 'international registries' only for public consent, and clears it when the audience narrows", async () => {
    renderSection();
    const registries = () => screen.getByRole("checkbox", { name: /international registries/ }) as HTMLInputElement;
    expect(registries().disabled).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: /Signed-in members/ }));
    expect(registries().disabled).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: /Everyone \(public\)/ }));
    await waitFor(() => expect(registries().disabled).toBe(false));
    fireEvent.click(registries());
    await waitFor(() => expect(registries().checked).toBe(true));
    fireEvent.click(screen.getByRole("radio", { name: /The community only/ }));
    await waitFor(() => expect(registries().disabled).toBe(true));
    expect(registries().checked).toBe(false);
  });

  it("asks for the FPIC document when consent was given by one", async () => {
    const onValid = renderSection("en", { audience: "PUBLIC" });
    expect(screen.queryByLabelText(/The FPIC document/)).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: /free, prior and informed consent/ }));
    const input = await screen.findByLabelText(/The FPIC document/);
    expect(input.getAttribute("type")).toBe("file");
    expect(input.getAttribute("accept")).toContain("application/pdf");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Upload the FPIC document")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(onValid).not.toHaveBeenCalled();
  });

  it("has no serious accessibility problems, with its errors shown", async () => {
    renderSection("en", { method: "FPIC_DOCUMENT" });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByText("Upload the FPIC document");
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });

  it("refuses a date in the future with the contract's message", async () => {
    renderSection("en", { audience: "COMMUNITY", givenOn: "2999-01-01" });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("The date of consent cannot be in the future")).toBeTruthy();
  });

  it("shows its texts and errors in Hindi to a Hindi visitor", async () => {
    renderSection("hi", { method: "FPIC_DOCUMENT", givenOn: "" });
    expect(screen.getByRole("heading", { name: "समुदाय की सहमति" })).toBeTruthy();
    expect(audienceGroup("यह रिकॉर्ड कौन देख सकता है")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("चुनें कि यह रिकॉर्ड कौन देख सकता है")).toBeTruthy();
    expect(screen.getByText("FPIC दस्तावेज़ अपलोड करें")).toBeTruthy();
    const required = screen.getAllByRole("alert").map((a) => a.textContent ?? "");
    expect(required.every((text) => /[\u0900-\u097F]/.test(text))).toBe(true);
    expect(required.some((text) => /required|Upload|Choose/i.test(text))).toBe(false);
  });
});

describe("[CONSENT] the consent the form sends", () => {
  it("sends registries only with public consent, the document only with FPIC, and no empty note", () => {
    const values: ConsentFormValues = { audience: "COMMUNITY", registries: true, givenBy: "COMMUNITY", method: "MEETING", givenOn: "2026-01-02", document: "/ibpmu-1/a.pdf", note: "  " };
    const input: ConsentInput = toConsentInput(values);
    expect(input).toEqual({ audience: "COMMUNITY", registries: false, givenBy: "COMMUNITY", method: "MEETING", givenOn: "2026-01-02", document: null, note: null });
    expect(consentSchema.isValidSync(input)).toBe(true);
    const fpic = toConsentInput({ ...values, audience: "PUBLIC", method: "FPIC_DOCUMENT", note: " Signed by the panchayat " });
    expect(fpic).toMatchObject({ registries: true, document: "/ibpmu-1/a.pdf", note: "Signed by the panchayat" });
    expect(consentSchema.isValidSync(fpic)).toBe(true);
    // A withdrawal keeps who, how and when and names no one else.
    expect(toConsentInput(values, "NONE")).toMatchObject({ audience: "NONE", registries: false, givenBy: "COMMUNITY" });
  });

  it("restores a draft's consent, dropping what is not a choice of the form", () => {
    expect(consentFormValues({ audience: "PUBLIC", registries: true, givenBy: "REPRESENTATIVE", method: "MEETING", givenOn: "2026-01-02", note: "x" }, "2026-02-01")).toEqual({
      audience: "PUBLIC",
      registries: true,
      givenBy: "REPRESENTATIVE",
      method: "MEETING",
      givenOn: "2026-01-02",
      document: null,
      note: "x",
    });
    const odd = consentFormValues({ audience: "NONE", registries: true, givenBy: "SOMEONE" as never, givenOn: "" }, "2026-02-01");
    expect(odd).toEqual({ ...consentDefaults("2026-02-01"), audience: null, registries: false });
  });
});

describe("[CONSENT] the participation form keeps the consent", () => {
  it("shows the consent section above the declaration and keeps the chosen audience in the draft", async () => {
    window.localStorage.clear();
    const template = { id: 9, name: "Sacred grove survey", description: "", shortName: "sacred-grove-survey", fields: [textField("grove-name", "Name of the grove")] };
    renderWithProviders(
      <SessionProvider initialUser={user()}>
        <ParticipateFormScreen template={template} groups={[]} currentGroupId={null} layout={layoutData({ user: user() })} />
      </SessionProvider>,
      { namespaces: [...NAMESPACES, "data"], router: { pathname: "/participate/[shortName]", asPath: "/participate/sacred-grove-survey" } },
    );
    const section = screen.getByTestId("consent-section");
    expect(within(section).getByRole("heading", { name: "The community's consent" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: /I confirm/ })).toBeTruthy();
    fireEvent.click(within(section).getByRole("radio", { name: /The community only/ }));
    fireEvent.change(screen.getByRole("textbox", { name: /Name of the grove/ }), { target: { value: "Devara Kadu" } });
    await waitFor(() => expect(screen.getByTestId("draft-status").textContent).toBe("Draft saved in this browser"));
    const saved = JSON.parse(window.localStorage.getItem(draftKey("sacred-grove-survey", user().id)) ?? "null") as { values: { consent?: ConsentFormValues } } | null;
    expect(saved?.values.consent).toMatchObject({ audience: "COMMUNITY", givenBy: "CONTRIBUTOR", method: "DECLARATION" });
  });
});

describe("[CONSENT] the success screen says who sees the record", () => {
  it("a record shared with the community is visible only to its groups, in no public list or map", () => {
    renderWithProviders(<ParticipateSuccess recordId={42} recordTitle="Devara Kadu" linkPrefix="" audience="COMMUNITY" onAddAnother={() => undefined} />, { namespaces: NAMESPACES });
    const status = screen.getByRole("status");
    expect(within(status).getByRole("heading", { level: 1, name: "Your CCA is saved" })).toBeTruthy();
    expect(status.textContent).toContain("It is visible only to the members of its groups. It is not in the public lists or on the map.");
    expect(status.textContent).not.toMatch(/published|Everyone can see it/);
  });

  it("a public record is published for everyone (in Hindi too)", () => {
    renderWithProviders(<ParticipateSuccess recordId={42} recordTitle="" linkPrefix="" audience="PUBLIC" onAddAnother={() => undefined} />, { namespaces: NAMESPACES, lang: "hi" });
    expect(screen.getByRole("heading", { level: 1, name: "आपका सीसीए प्रकाशित हो गया" })).toBeTruthy();
    cleanup();
    renderWithProviders(<ParticipateSuccess recordId={42} recordTitle="" linkPrefix="" audience="MEMBERS" onAddAnother={() => undefined} />, { namespaces: NAMESPACES, lang: "hi" });
    expect(screen.getByRole("status").textContent).toContain("यह केवल साइन इन किए हुए सदस्यों को दिखता है।");
  });
});
