import { describe, expect, it } from "vitest";
import type { CCAData } from "@/contracts/cca-data";
import type { CCAField } from "@/contracts/template";
import { sanitiseRichText } from "@/features/data/data-show.ssr";

const CLOBBER = '<div id="__NEXT_DATA__">{"assetPrefix":"http://127.0.0.2:9"}</div><p onclick="x()">Story</p>';

describe("[DATA] record values shown as HTML are cleaned on the server (issue 27)", () => {
  it("cleans a RICHTEXT value, and a value stored under another type when the template now has the field as RICHTEXT", () => {
    const record = {
      ccaFieldValues: {
        story: { fieldId: "story", name: "Story", type: "RICHTEXT", value: CLOBBER },
        retyped: { fieldId: "retyped", name: "Retyped", type: "TEXT", value: CLOBBER },
        note: { fieldId: "note", name: "Note", type: "TEXT", value: "a < b & c" },
      },
    } as unknown as CCAData;
    const fields = [
      { fieldId: "h", type: "HEADING", children: [{ fieldId: "retyped", type: "RICHTEXT" }] },
      { fieldId: "note", type: "TEXT" },
    ] as unknown as CCAField[];
    const values = sanitiseRichText(record, { name: "T", shortName: "t", fields }).ccaFieldValues;
    for (const key of ["story", "retyped"]) {
      expect(values[key]!.value).toBe('<div id="user-content-__NEXT_DATA__">{"assetPrefix":"http://127.0.0.2:9"}</div><p>Story</p>');
    }
    // Text is shown as text (React escapes it): left as entered.
    expect(values.note!.value).toBe("a < b & c");
  });
});
