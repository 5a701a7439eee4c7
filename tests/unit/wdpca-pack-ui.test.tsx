/**
 * The registry submission screens' parts (issue 31, item 1): the pack form (count, field set and format,
 * progress, download, errors in the visitor's language) and the mapping editor (the platform's errors
 * under their attributes, translated).
 */
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FIELD_SET_ATTRIBUTES, type RecognitionMappingView } from "@/contracts/recognition";
import { PackForm } from "@/components/recognition/pack-form";
import MappingEditor, { entryFor, errorsByAttribute } from "@/features/recognition/mapping-editor";
import { DEFAULT_MAPPINGS } from "@/server/modules/recognition/default-mapping";
import { ApiError } from "@/lib/api/api-error";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);
const api = vi.hoisted(() => ({
  fetchPackInfo: vi.fn(),
  requestPack: vi.fn(),
  waitForPack: vi.fn(),
  downloadPackFile: vi.fn(),
  saveRecognitionMapping: vi.fn(),
  fetchRecognitionMapping: vi.fn(),
  fetchRecognitionCoverage: vi.fn(),
}));
vi.mock("@/lib/api/recognition", () => api);
vi.mock("@/lib/api/client", () => ({ getBrowserClient: () => ({}) }));

const NAMESPACES = ["common", "recognition", "form", "auth"];

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
});
afterEach(cleanup);

describe("[WDPCA] the pack form", () => {
  it("says how many records go in, writes the chosen pack and downloads it (en)", async () => {
    api.fetchPackInfo.mockResolvedValue({ groupId: 1, records: 1234 });
    api.requestPack.mockResolvedValue({ id: 9, status: "pending", done: 0, total: null });
    api.waitForPack.mockImplementation(async (_c: unknown, _id: number, onProgress: (l: unknown) => void) => {
      onProgress({ id: 9, status: "running", done: 500, total: 1234 });
      return { id: 9, status: "success", done: 1234, total: 1234 };
    });
    api.downloadPackFile.mockResolvedValue(undefined);
    renderWithProviders(<PackForm groupId={1} coverageHref="/group/sacred-groves/admin/recognition/coverage" />, { namespaces: NAMESPACES });
    expect((await screen.findByTestId("wdpca-pack-count")).textContent).toBe("Records included: 1,234");
    fireEvent.click(screen.getByRole("radio", { name: /WDPA 1\.6/ }));
    fireEvent.click(screen.getByRole("radio", { name: /Shapefile set/ }));
    fireEvent.click(screen.getByRole("button", { name: "Download the pack" }));
    await waitFor(() => expect(api.downloadPackFile).toHaveBeenCalledWith({}, 9));
    expect(api.requestPack).toHaveBeenCalledWith({}, { fieldSet: "wdpa16", format: "shp", groupId: 1 });
    expect(await screen.findByText("The pack has been downloaded.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Which records lack mandatory attributes?" }).getAttribute("href")).toBe("/group/sacred-groves/admin/recognition/coverage");
  });

  it("tells a refusal in Hindi", async () => {
    api.requestPack.mockRejectedValue(new ApiError(403, "FORBIDDEN", "no", { form: "recognition:errors.forbidden" }));
    renderWithProviders(<PackForm groupId={null} records={5} coverageHref="/admin/recognition/coverage" />, { lang: "hi", namespaces: NAMESPACES });
    expect(screen.getByTestId("wdpca-pack-count").textContent).toBe("शामिल रिकॉर्ड: 5");
    fireEvent.click(screen.getByRole("button", { name: "पैक डाउनलोड करें" }));
    expect((await screen.findByRole("alert")).textContent).toBe("यह केवल प्रशासक, और अपने समूह के लिए समूह के संस्थापक, कर सकते हैं।");
    expect(api.waitForPack).not.toHaveBeenCalled();
  });

  it("says when the pack could not be written", async () => {
    api.requestPack.mockResolvedValue({ id: 3 });
    api.waitForPack.mockResolvedValue({ id: 3, status: "failed", done: 0, total: 5 });
    renderWithProviders(<PackForm groupId={null} records={5} coverageHref="/admin/recognition/coverage" />, { namespaces: NAMESPACES });
    fireEvent.click(screen.getByRole("button", { name: "Download the pack" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The pack could not be written. Try again.");
    expect(api.downloadPackFile).not.toHaveBeenCalled();
  });
});

const VIEW: RecognitionMappingView = {
  fieldSet: "wdpca2025",
  version: "WDPCA data standard 2025",
  attributes: [...FIELD_SET_ATTRIBUTES.wdpca2025],
  mapping: DEFAULT_MAPPINGS.wdpca2025,
  fields: [
    { fieldId: "governance", name: "Governance", type: "SINGLE_SELECT_RADIO", options: [{ value: "Gram Sabha", label: "Village assembly (Gram Sabha)" }, { value: "Van Panchayat", label: "Van Panchayat" }] },
    { fieldId: "community", name: "Community", type: "TEXT", options: [] },
  ],
  canEdit: true,
  updatedOn: null,
};

describe("[WDPCA] the mapping editor", () => {
  it("pure helpers: a new source's first entry, errors by attribute", () => {
    const gov = FIELD_SET_ATTRIBUTES.wdpca2025.find((a) => a.name === "GOV_TYPE")!;
    expect(entryFor("constant", gov, VIEW.fields)).toEqual({ source: "constant", value: "Federal or national ministry or agency" });
    expect(entryFor("field", gov, VIEW.fields)).toEqual({ source: "field", fieldId: "governance" });
    expect(errorsByAttribute({ "mapping.GOV_TYPE": "recognition:errors.value" }, (k) => k.toUpperCase())).toEqual({ GOV_TYPE: "RECOGNITION:ERRORS.VALUE" });
  });

  it("changes an option's value, saves, and shows the platform's errors under their attributes in Hindi", async () => {
    api.saveRecognitionMapping.mockRejectedValueOnce(new ApiError(400, "VALIDATION_FAILED", "bad", { "mapping.GOV_TYPE": "recognition:errors.value" }));
    api.saveRecognitionMapping.mockImplementationOnce(async (_c: unknown, input: { mapping: unknown }) => ({ ...VIEW, mapping: input.mapping }));
    renderWithProviders(<MappingEditor view={VIEW} />, { lang: "hi", namespaces: NAMESPACES });
    const row = screen.getByTestId("wdpca-mapping-editor").querySelector('[data-attribute="GOV_TYPE"]') as HTMLElement;
    fireEvent.change(within(row).getByRole("combobox", { name: "विकल्प Van Panchayat के लिए GOV_TYPE" }), { target: { value: "Joint governance" } });
    fireEvent.click(screen.getByRole("button", { name: "मिलान सहेजें" }));
    expect((await within(row).findByRole("alert")).textContent).toBe("इस गुण के लिए UNEP-WCMC द्वारा स्वीकृत मानों में से एक चुनें।");
    const sent = api.saveRecognitionMapping.mock.calls[0]![1] as { fieldSet: string; mapping: Record<string, { options?: Record<string, string> }> };
    expect(sent.fieldSet).toBe("wdpca2025");
    expect(sent.mapping.GOV_TYPE!.options!["Van Panchayat"]).toBe("Joint governance");
    fireEvent.click(screen.getByRole("button", { name: "मिलान सहेजें" }));
    await waitFor(() => expect(within(row).queryByRole("alert")).toBeNull());
  });

  it("is read-only for those who may not change it", () => {
    renderWithProviders(<MappingEditor view={{ ...VIEW, canEdit: false }} />, { namespaces: NAMESPACES });
    expect(screen.queryByRole("button", { name: "Save the mapping" })).toBeNull();
    expect((screen.getAllByRole("combobox")[0] as HTMLSelectElement).disabled).toBe(true);
  });
});
