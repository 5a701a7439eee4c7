import { describe, expect, it } from "vitest";
import { labelAxisWidth, wrapLabel } from "@/features/chart/chart-labels";
import { fitWidthScale, nextZoom } from "@/features/document/pdf-viewer";

// A monospaced stand-in for the canvas: 7 px a letter.
const measure = (s: string) => Array.from(s).length * 7;

describe("[CHART] bar labels on a phone are never cut off at the canvas edge", () => {
  it("a label that fits stays one line", () => {
    expect(wrapLabel("Odisha", 130, measure)).toEqual(["Odisha"]);
  });

  it("a longer label wraps at spaces onto a second line, each line within the axis", () => {
    const lines = wrapLabel("Community forest rights", 130, measure);
    expect(lines).toEqual(["Community forest", "rights"]);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(130);
  });

  it("what does not fit in two lines ends in an ellipsis (the tooltip and the table hold the full text)", () => {
    const lines = wrapLabel("Recognised under the Forest Rights Act as a community forest resource", 130, measure);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe("Recognised under");
    expect(lines[1]!.endsWith("…")).toBe(true);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(130);
  });

  it("a single word wider than the axis is shortened, and Hindi is cut between letters, not inside one", () => {
    expect(wrapLabel("Arunachalpradeshkhonsa", 84, measure)).toEqual(["Arunachalpr…"]);
    const word = "अरुणाचलप्रदेशखोंसा";
    const [hindi] = wrapLabel(word, 56, measure);
    expect(hindi!.endsWith("…")).toBe(true);
    expect(measure(hindi!)).toBeLessThanOrEqual(56);
    // The cut falls before a letter: what follows it in the word is not a vowel sign, nasal sign or virama of the last one kept.
    const kept = hindi!.slice(0, -1);
    expect(word.startsWith(kept)).toBe(true);
    expect(word.slice(kept.length)).toMatch(/^[^\u0900-\u0903\u093A-\u094F]/u);
  });

  it("the label axis takes 40 % of the chart within readable bounds", () => {
    expect(labelAxisWidth(318)).toBe(127);
    expect(labelAxisWidth(100)).toBe(72);
    expect(labelAxisWidth(1100)).toBe(240);
  });
});

describe("[DOCUMENTS] the PDF viewer fits the width of its box", () => {
  it("a phone's 342 px box shows an A4 page (595 pt) whole, rounded down so it never overflows", () => {
    const scale = fitWidthScale(342, 595);
    expect(scale).toBe(0.57);
    expect(595 * scale).toBeLessThanOrEqual(342);
  });

  it("on a wide screen it stops at 125 %, and a bad measure gives 100 %", () => {
    expect(fitWidthScale(1100, 595)).toBe(1.25);
    expect(fitWidthScale(0, 595)).toBe(1);
  });

  it("the zoom buttons step from the fitted scale to the next step either way", () => {
    expect(nextZoom(0.57, 1)).toBe(0.75);
    expect(nextZoom(0.57, -1)).toBe(0.5);
    expect(nextZoom(1, 1)).toBe(1.25);
    expect(nextZoom(3, 1)).toBe(3);
    expect(nextZoom(0.5, -1)).toBe(0.5);
  });
});
