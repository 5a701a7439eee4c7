import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { nearestHeadingLevel, pageEditorExtensions } from "@/components/editor/editor-extensions";

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

function roundTrip(html: string): string {
  editor = new Editor({ extensions: pageEditorExtensions(), content: html });
  return editor.getHTML();
}

describe("[PAGES] the page editor keeps what a page holds", () => {
  it("keeps tables, figures with captions, videos and embedded players when a page is opened and saved", () => {
    const html = roundTrip(
      [
        "<h2>Examples</h2>",
        "<table><tbody><tr><th>Area</th><th>State</th></tr><tr><td>Khonoma</td><td>Nagaland</td></tr></tbody></table>",
        '<figure><img src="/files-api/api/get/raw/pages/a/b.jpg" alt="A grove"><figcaption>A sacred grove</figcaption></figure>',
        '<video controls src="/files-api/api/get/raw/pages/a/c.mp4"></video>',
        '<iframe src="https://www.youtube-nocookie.com/embed/x" title="Film"></iframe>',
        '<p>See <a href="https://example.org">the report</a>.</p>',
      ].join(""),
    );
    expect(html).toContain("<h2>Examples</h2>");
    expect(html).toMatch(/<table[^>]*>.*<th[^>]*>.*Area.*<td[^>]*>.*Khonoma/s);
    expect(html).toMatch(/<figure><img src="\/files-api\/api\/get\/raw\/pages\/a\/b.jpg" alt="A grove"[^>]*><figcaption>A sacred grove<\/figcaption><\/figure>/);
    expect(html).toContain('<video src="/files-api/api/get/raw/pages/a/c.mp4" controls="controls"></video>');
    expect(html).toContain('src="https://www.youtube-nocookie.com/embed/x"');
    expect(html).toContain('href="https://example.org"');
  });

  it("keeps the headings of a page written elsewhere, at the nearest level it offers (h1 → h2, h5 and h6 → h4)", () => {
    const html = roundTrip("<h1>Community forests</h1><p>Intro</p><h2>Where</h2><h3>Who</h3><h4>How</h4><h5>Details</h5><h6>Notes</h6>");
    expect(html).toBe("<h2>Community forests</h2><p>Intro</p><h2>Where</h2><h3>Who</h3><h4>How</h4><h4>Details</h4><h4>Notes</h4>");
    // And again: what it saved reads the same.
    expect(roundTrip(html)).toBe(html);
  });

  it("keeps a heading pasted in from elsewhere as a heading", () => {
    editor = new Editor({ extensions: pageEditorExtensions(), content: "<p></p>" });
    editor.commands.insertContent("<h1>Pasted title</h1><h6>Small print</h6>");
    expect(editor.getHTML()).toContain("<h2>Pasted title</h2>");
    expect(editor.getHTML()).toContain("<h4>Small print</h4>");
  });

  it("picks the nearest offered heading level", () => {
    expect([1, 2, 3, 4, 5, 6].map((level) => nearestHeadingLevel(level))).toEqual([2, 2, 3, 4, 4, 4]);
    expect(nearestHeadingLevel(1, [3, 5])).toBe(3);
    expect(nearestHeadingLevel(6, [2, 3])).toBe(3);
  });

  it("drops scripts and event handlers from what it is given", () => {
    const html = roundTrip('<p>Hi</p><script>alert(1)</script><img src="/x.png" onerror="alert(2)"><p onclick="alert(3)">There</p><a href="javascript:alert(4)">x</a>');
    expect(html).not.toMatch(/script|onerror|onclick|javascript:/);
    expect(html).toContain("Hi");
    expect(html).toContain("There");
  });

  it("keeps only embedded players from the allowed video hosts, when a page is opened, pasted into or given a node", () => {
    const html = roundTrip(
      [
        '<iframe src="javascript:alert(1)"></iframe>',
        '<iframe src="https://evil.example/embed/x"></iframe>',
        '<iframe src="http://www.youtube.com/embed/plain-http"></iframe>',
        '<iframe src="https://www.youtube.com.evil.example/embed/y"></iframe>',
        '<iframe src="https://player.vimeo.com/video/1"></iframe>',
      ].join(""),
    );
    expect(html).not.toMatch(/javascript:|evil\.example|plain-http/);
    expect(html).toContain('src="https://player.vimeo.com/video/1"');
    editor!.commands.insertContent('<iframe src="javascript:alert(2)"></iframe>');
    editor!.commands.insertContent({ type: "embed", attrs: { src: "javascript:alert(3)" } });
    // Pasted: no frame (at most its markup as escaped text); given as a node: a frame without src.
    expect(editor!.getHTML()).not.toMatch(/<iframe[^>]*javascript:/);
    expect(editor!.getHTML()).toContain("<iframe></iframe>");
  });
});
