import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat, relativeTimeFormat } from "@/shared/format/intl";

describe("[I18N] formats in the visitor's language", () => {
  it("groups numbers the Indian way in both languages,", () => {
    expect(numberFormat("en").format(1234567)).toBe("12,34,567");
    expect(numberFormat("hi").format(1234567)).toBe("12,34,567");
    expect(numberFormat("en", { maximumFractionDigits: 0 }).format(2.6)).toBe("3");
  });

  it("keeps one formatter per language and options, and never mixes them", () => {
    expect(numberFormat("en", { maximumFractionDigits: 0 })).toBe(numberFormat("en", { maximumFractionDigits: 0 }));
    expect(numberFormat("en")).not.toBe(numberFormat("hi"));
    expect(numberFormat("en", { useGrouping: false }).format(2024)).toBe("2024");
    const date = new Date("2026-03-05T00:00:00Z");
    expect(dateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(date)).toBe("5 Mar 2026");
    expect(dateTimeFormat("hi", { dateStyle: "medium", timeZone: "UTC" }).format(date)).toMatch(/मार्च/);
    expect(relativeTimeFormat("hi", { numeric: "auto" }).format(-1, "day")).toBe("कल");
  });
});
