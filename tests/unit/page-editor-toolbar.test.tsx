import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RichTextEditor } from "@/components/editor/rich-text-editor";
import { renderWithProviders } from "./helpers/render";

vi.mock("next/router", async () => (await import("./helpers/mock-router")).nextRouterModule);

afterEach(cleanup);

const NAMESPACES = ["common", "form", "page", "editor"];

async function toolbar(lang: "en" | "hi") {
  renderWithProviders(
    <>
      <span id="content-label">Content</span>
      <RichTextEditor value="<h2>Title</h2><p>Text</p>" onChange={() => {}} labelId="content-label" />
    </>,
    { lang, namespaces: NAMESPACES },
  );
  return screen.findByRole("toolbar", { name: lang === "hi" ? "फ़ॉर्मेटिंग" : "Formatting" });
}

/** The accessible name of a button, as assistive technology computes it. */
function nameOf(bar: HTMLElement, button: HTMLElement): string {
  let name = "";
  within(bar).getByRole("button", {
    name: (computed, element) => {
      if (element === button) name = computed;
      return element === button;
    },
  });
  return name;
}

describe("[PAGES] the editor toolbar's buttons are named by what they show (WCAG 2.5.3)", () => {
  it.each(["en", "hi"] as const)("every button that shows text has that text in its name (%s)", async (lang) => {
    const bar = await toolbar(lang);
    const buttons = within(bar).getAllByRole("button");
    expect(buttons.length).toBeGreaterThan(10);
    const shown = buttons.map((b) => [b.textContent?.trim() ?? "", nameOf(bar, b)] as const).filter(([text]) => text !== "");
    expect(shown.map(([text]) => text)).toEqual(["H2", "H3", "H4", "B", "I", "Alt"]);
    for (const [text, name] of shown) expect(name.startsWith(text), `"${text}" is named "${name}"`).toBe(true);
  });

  it("says what a text button does after what it shows, and shows it as a tooltip", async () => {
    const bar = await toolbar("en");
    const h2 = within(bar).getByRole("button", { name: "H2 Heading 2" });
    expect(h2.getAttribute("title")).toBe("Heading 2");
    expect(h2.getAttribute("aria-pressed")).toBe("true");
    expect(within(bar).getByRole("button", { name: "B Bold" }).getAttribute("title")).toBe("Bold");
    expect(within(bar).getByRole("button", { name: "I Italic" })).toBeTruthy();
    expect(within(bar).getByRole("button", { name: "Alt Image description" })).toBeTruthy();
  });

  it("names an icon-only button by its label, with the same tooltip", async () => {
    const bar = await toolbar("hi");
    const list = within(bar).getByRole("button", { name: "बुलेट सूची" });
    expect(list.textContent?.trim()).toBe("");
    expect(list.getAttribute("title")).toBe("बुलेट सूची");
    expect(within(bar).getByRole("button", { name: "H3 शीर्षक स्तर 3" }).getAttribute("title")).toBe("शीर्षक स्तर 3");
  });
});
