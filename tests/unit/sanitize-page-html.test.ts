import { describe, expect, it } from "vitest";
import { sanitizePageHtml } from "@/lib/html/sanitize-page-html";

describe("[PAGES] stored page HTML is made safe before it is shown", () => {
  it("removes scripts, event handlers and javascript: links but keeps content", () => {
    const html = sanitizePageHtml('<h2>Title</h2><p onclick="steal()">Text <a href="javascript:alert(1)">x</a></p><script>alert(1)</script><img src="/a.png" onerror="x()">');
    expect(html).toContain('<h2 id="title">Title</h2>');
    expect(html).toContain("Text");
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(html).toContain('alt=""');
  });

  it("wraps every table in a labelled, focusable scroll region", () => {
    const html = sanitizePageHtml("<table><tr><td>a</td></tr></table><p>x</p><table><tr><td>b</td></tr></table>", "Scrollable table");
    expect(html.match(/<div class="table-scroll" role="region" tabindex="0" aria-label="Scrollable table"><table>/g)).toHaveLength(2);
    expect(html.match(/<\/table><\/div>/g)).toHaveLength(2);
  });

  it("keeps video frames only from known video hosts", () => {
    const html = sanitizePageHtml('<iframe src="https://www.youtube.com/embed/x"></iframe><iframe src="https://evil.example/x"></iframe>');
    expect(html).toContain("youtube.com/embed/x");
    expect(html).not.toContain("evil.example");
  });
});
