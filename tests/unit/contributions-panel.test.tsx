/** Issue 28 (item 2, left for item 9): the profile's Contributions tab names each record's template by its title, in the visitor's language. */
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CCADataListItem } from "@/contracts/cca-data";
import ContributionsPanel from "@/features/user/contributions-panel";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);
vi.mock("@/lib/api/client", () => ({ getBrowserClient: () => ({}) }));
const asked: string[] = [];
vi.mock("@/lib/api/cca-social", () => ({
  fetchContributions: vi.fn(async (_client: unknown, _userId: number, _offset: number, _limit: number, language: string) => {
    asked.push(language);
    const item = {
      id: 12,
      shortName: "sacred-grove-survey",
      templateName: language === "hi" ? "देवराई सर्वेक्षण" : "Sacred grove survey",
      titlesValues: [{ fieldId: "name", name: "Name", type: "TEXT", value: "Devara Kadu" }],
      values: [],
      userId: "7",
      createdOn: Date.UTC(2026, 10, 1),
      updatedOn: Date.UTC(2026, 10, 2),
      centroid: [],
      location: null,
      geometry: null,
    } as unknown as CCADataListItem;
    return { aggregation: {}, ccaDataList: [item] };
  }),
}));

afterEach(cleanup);

describe("[PROFILE] Contributions tab", () => {
  it("the Template column shows the template's title, not its short name, in English and Hindi", async () => {
    renderWithProviders(<ContributionsPanel userId={7} prefix="" />, { namespaces: ["common", "contribute"] });
    const row = (await screen.findAllByRole("row"))[1]!;
    expect(within(row).getByText("Sacred grove survey")).toBeTruthy();
    expect(within(row).queryByText("sacred-grove-survey")).toBeNull();
    cleanup();
    renderWithProviders(<ContributionsPanel userId={7} prefix="" />, { lang: "hi", namespaces: ["common", "contribute"] });
    expect(within((await screen.findAllByRole("row"))[1]!).getByText("देवराई सर्वेक्षण")).toBeTruthy();
    expect(asked).toEqual(["en", "hi"]);
  });
});
