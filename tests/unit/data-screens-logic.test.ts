import { describe, expect, it } from "vitest";
import type { CCAField } from "@/contracts/template";
import { countActiveFilters, dataListQueryString, dataQueryParams, EMPTY_STATE, parseDataListQuery, sameQuestion, withFilter } from "@/features/data/data-list-query";
import { pageWindow } from "@/components/ui/pager";
import { describeValue, optionText, recordTitle } from "@/features/data/data-values";
import { groupState, optionFacets, rangeBounds, toggleGroup } from "@/features/data/facets";

const field = (over: Partial<CCAField>): CCAField => ({
  fieldId: "f", type: "TEXT", name: "F", question: "", helpText: "", isRequired: false, isMasterField: true, isSummaryField: false,
  isFilterable: true, isTitleColumn: false, isChart: false, minMax: [], valueOptions: [], publicPrecision: null, createdOn: "", updatedOn: "", children: [], ...over,
});

describe("[DATA] the browse screen's URL", () => {
  it("round-trips every filter, the search, the scope, groups, the page and the view", () => {
    const search = "?query=sacr&richTextCount=5&usergroups=1&usergroups=3&area-ha=10-500&ecosystem-type=Forest%7CSacred+grove&state=Kerala&state=Odisha&offset=20&view=map";
    const state = parseDataListQuery(Object.fromEntries([...new URLSearchParams(search).keys()].map((k) => [k, new URLSearchParams(search).getAll(k).length > 1 ? new URLSearchParams(search).getAll(k) : new URLSearchParams(search).get(k)])));
    expect(state).toEqual({ query: "sacr", offset: 20, caseStudies: true, usergroups: ["1", "3"], filters: { "area-ha": ["10-500"], "ecosystem-type": ["Forest|Sacred grove"], state: ["Kerala", "Odisha"] }, view: "map", layers: [], sort: null });
    expect(dataListQueryString(state)).toBe(search);
    expect(parseDataListQuery({ offset: "abc", limit: "5", language: "hi", groupName: "x", "bad key!": "1" })).toEqual(EMPTY_STATE);
    expect(parseDataListQuery({ offset: "25" }).offset).toBe(20);
  });

  it("holds the map layers switched on (layers=a,b, as on /map) without asking the platform anything new", () => {
    const state = parseDataListQuery({ view: "map", state: "Kerala", layers: "india_states,Bad-Name,demo_protected_areas,india_states" });
    expect(state.layers).toEqual(["india_states", "demo_protected_areas"]);
    expect(dataListQueryString(state)).toBe("?state=Kerala&view=map&layers=india_states%2Cdemo_protected_areas");
    expect(sameQuestion(state, { ...state, layers: [] })).toBe(true);
    expect(dataQueryParams(state, "en", null)).not.toHaveProperty("layers");
  });

  it("asks the platform with the group's id inside a group, and counts active filters", () => {
    const state = withFilter({ ...EMPTY_STATE, usergroups: ["3"], offset: 30 }, "state", ["Kerala"]);
    expect(state.offset).toBe(0);
    expect(dataQueryParams(state, "hi", 7)).toMatchObject({ language: "hi", usergroups: ["7"], state: ["Kerala"], limit: 10, offset: 0, query: "" });
    expect(dataQueryParams(state, "en", null).usergroups).toEqual(["3"]);
    expect(countActiveFilters(state)).toBe(2);
  });

  it("offers page numbers around the current page", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 20)).toEqual([1, 0, 4, 5, 6, 7, 8, 0, 20]);
  });
});

describe("[DATA] facets", () => {
  const eco = field({
    fieldId: "eco",
    type: "MULTI_SELECT_CHECKBOX",
    valueOptions: [
      { valueId: "a", value: "Forest|Sacred grove", label: "Sacred grove" },
      { valueId: "b", value: "Wetland|Lake", label: "Lake" },
      { valueId: "c", value: "Forest|Mangrove", label: "Mangrove" },
      { valueId: "d", value: "Others|?", label: "Others (please specify)" },
    ],
  });

  it("groups Parent|Child options under their parent, with counts, Others without its prompt", () => {
    const groups = optionFacets(eco, [{ _id: "Forest|Sacred grove", count: 4 }, { _id: "Old value", count: 1 }]);
    expect(groups.map((g) => [g.parent, g.options.map((o) => `${o.label}:${o.count}`)])).toEqual([
      ["Forest", ["Sacred grove:4", "Mangrove:0"]],
      ["Wetland", ["Lake:0"]],
      [null, ["Others:0"]],
      [null, ["Old value:1"]],
    ]);
    const forest = groups[0]!;
    expect(groupState(forest, ["Forest|Sacred grove"])).toBe("indeterminate");
    expect(toggleGroup(forest, ["Forest|Sacred grove"])).toEqual(["Forest|Sacred grove", "Forest|Mangrove"]);
    expect(toggleGroup(forest, ["Forest|Sacred grove", "Forest|Mangrove"])).toEqual([]);
  });

  it("takes slider bounds from the template, else the records (0 included)", () => {
    expect(rangeBounds(field({ type: "NUMBER", minMax: [0, 100] }), [])).toEqual({ min: 0, max: 100 });
    expect(rangeBounds(field({ type: "NUMBER" }), [{ _id: null, min: 0, max: 2000 }])).toEqual({ min: 0, max: 2000 });
    expect(rangeBounds(field({ type: "NUMBER" }), [{ _id: null, min: null, max: null }])).toBeNull();
  });
});

describe("[DATA] values by type", () => {
  it("reads options, numbers, ranges, dates, years, links and files", () => {
    expect(optionText({ label: "Sacred grove", value: "Forest|Sacred grove" })).toBe("Forest → Sacred grove");
    expect(optionText({ label: "Fishing cooperative", value: "Others|?" })).toBe("Fishing cooperative");
    expect(describeValue("MULTI_SELECT_CHECKBOX", [{ label: "Lake", value: "Wetland|Lake" }, { label: "Dams", value: "Dams" }], "en")).toEqual({ kind: "text", text: "Wetland → Lake, Dams" });
    expect(describeValue("NUMBER", 123456.5, "en")).toEqual({ kind: "text", text: "1,23,456.5" });
    expect(describeValue("NUMBER_RANGE", [10, 20], "en")).toEqual({ kind: "text", text: "10 – 20" });
    expect(describeValue("DATE", "2024-03-05", "en")).toEqual({ kind: "text", text: "5 Mar 2024" });
    expect(describeValue("DATE", "2024-03-05", "hi")).toEqual({ kind: "text", text: "5 मार्च 2024" });
    expect(describeValue("YEAR", "1600-01-01", "en")).toEqual({ kind: "text", text: "1600" });
    expect(describeValue("TEXT", "https://example.org/x", "en")).toEqual({ kind: "link", href: "https://example.org/x", text: "https://example.org/x" });
    expect(describeValue("TEXT", "  ", "en")).toEqual({ kind: "empty" });
    expect(describeValue("RICHTEXT", "<p> </p>", "en")).toEqual({ kind: "empty" });
    expect(describeValue("FILE", [{ path: "/files-api/api/get/raw/pages/a.jpg" }], "en").kind).toBe("files");
    expect(recordTitle([{ fieldId: "n", name: "Name", type: "TEXT", value: "Mawphlang" }, { fieldId: "s", name: "State", type: "SINGLE_SELECT_DROPDOWN", value: { label: "Meghalaya", value: "Meghalaya" } }], "en")).toBe("Mawphlang, Meghalaya");
  });
});
