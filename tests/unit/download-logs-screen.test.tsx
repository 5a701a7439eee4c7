import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DownloadLogList } from "@/contracts/download-log";
import { DownloadLogsScreen } from "@/features/user/download-logs-screen";
import { layoutData } from "./helpers/fixtures";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);
const api = vi.hoisted(() => ({ fetchDownloadLogs: vi.fn() }));
vi.mock("@/lib/api/download-log", () => api);
vi.mock("@/lib/api/browser-client", () => ({ loadBrowserClient: async () => ({}) }));

afterEach(cleanup);

const user = { id: 7, name: "Meera Member", profilePic: null, isAdmin: false };
const LIST: DownloadLogList = {
  count: 45,
  offset: 0,
  limit: 20,
  aggregate: { ccaData: 30, document: 15 },
  downloadLogList: [
    { id: 2, user, createdOn: Date.UTC(2026, 0, 2), status: "success", notes: "", filterUrl: "/document/show/12", filePath: "/files-api/api/get/raw/myUploads/2026/a.pdf", sourceType: "document", type: "pdf", params: { documentId: 12, title: "Sacred groves of Meghalaya" } },
    {
      id: 1,
      user,
      createdOn: Date.UTC(2026, 0, 1),
      status: "success",
      notes: "State report",
      filterUrl: "/data/table/cca",
      filePath: "cca-api/api/v1/data/all/download/1",
      sourceType: "ccaData",
      type: "csv",
      params: { shortName: "cca", language: "en", filters: {}, title: "CCA inventory" },
      total: 10,
      done: 10,
      fileSize: 100,
    },
  ],
};

function renderLogs(lang: "en" | "hi" = "en") {
  return renderWithProviders(<DownloadLogsScreen offset={0} sourceType={null} initial={LIST} layout={layoutData({ user: null })} />, {
    lang,
    namespaces: ["common", "user"],
    router: { pathname: "/user/download-logs", asPath: "/user/download-logs", query: {} },
  });
}

describe("[DOWNLOADS] /user/download-logs lists exports and document downloads together", () => {
  it("shows each entry's type and source, offers a filter with counts per type, and pages on the server", () => {
    const { router } = renderLogs();
    const rows = screen.getAllByRole("row").slice(1);
    expect(within(rows[0]!).getByText("Document")).toBeTruthy();
    expect(within(rows[0]!).getByRole("link", { name: "Sacred groves of Meghalaya" }).getAttribute("href")).toBe("/document/show/12");
    expect(within(rows[0]!).getByRole("link", { name: "Open the file of download 2 (PDF)" })).toBeTruthy();
    expect(within(rows[1]!).getByText("Data export")).toBeTruthy();
    // The export's source reads as the template's title, not its short name (issue 28 item 2 / 9 o).
    expect(within(rows[1]!).getByRole("link", { name: "CCA inventory" }).getAttribute("href")).toBe("/data/table/cca");
    expect(within(rows[1]!).getByRole("button", { name: "Download export 1 (CSV)" })).toBeTruthy();

    const filter = screen.getByRole("combobox", { name: "Type" });
    expect(within(filter).getAllByRole("option").map((o) => o.textContent)).toEqual(["All types (45)", "Data export (30)", "Document (15)"]);
    fireEvent.change(filter, { target: { value: "document" } });
    expect(router.push).toHaveBeenLastCalledWith({ pathname: "/user/download-logs", query: { sourceType: "document" } }, undefined, { shallow: true });

    fireEvent.click(screen.getByRole("button", { name: "Page 3" }));
    expect(router.push).toHaveBeenLastCalledWith({ pathname: "/user/download-logs", query: { offset: "40" } }, undefined, { shallow: true });
  });

  it("in Hindi", () => {
    renderLogs("hi");
    expect(screen.getByRole("combobox", { name: "प्रकार" })).toBeTruthy();
    expect(screen.getAllByText("दस्तावेज़").length).toBeGreaterThan(0);
    expect(screen.getByRole("navigation", { name: "पृष्ठ क्रमांकन" })).toBeTruthy();
  });
});

describe("[GOVERNANCE] a superseded export", () => {
  it("offers no download and says why, in the visitor's language", () => {
    const superseded: DownloadLogList = {
      ...LIST,
      downloadLogList: [{ ...(LIST.downloadLogList[1] as Extract<DownloadLogList["downloadLogList"][number], { sourceType: "ccaData" }>), filePath: null, supersededOn: Date.UTC(2026, 0, 3) }],
    };
    for (const lang of ["en", "hi"] as const) {
      // Its own page of the list (the query cache keeps the other tests' first page).
      renderWithProviders(<DownloadLogsScreen offset={20} sourceType={null} initial={{ ...superseded, offset: 20 }} layout={layoutData({ user: null })} />, {
        lang,
        namespaces: ["common", "user"],
        router: { pathname: "/user/download-logs", asPath: "/user/download-logs?offset=20", query: { offset: "20" } },
      });
      const row = screen.getAllByRole("row")[1]!;
      expect(within(row).queryByRole("button", { name: /Download export|निर्यात/ })).toBeNull();
      expect(within(row).getByTestId("export-superseded").textContent).toBe(
        lang === "en" ? "Superseded: a community has since narrowed or withdrawn its consent for a record it may hold. Export again." : "अब मान्य नहीं: इसमें शामिल हो सकने वाले किसी रिकॉर्ड के लिए समुदाय ने बाद में अपनी सहमति सीमित या वापस ले ली। फिर से निर्यात करें।",
      );
      cleanup();
    }
  });
});
