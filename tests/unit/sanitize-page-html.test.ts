import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RESERVED_IDS, slugify } from "@/shared/html/heading-ids";
import { cleanPageHtml, preparePageHtml, prepareRichTextHtml, sanitizePageHtml } from "@/shared/html/sanitize-page-html";

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

describe("[SECURITY] content cannot name the application's elements (DOM clobbering, issue 27)", () => {
  const NEXT_DATA = '<div id="__NEXT_DATA__">{"props":{},"page":"/","buildId":"x","assetPrefix":"http://127.0.0.2:9"}</div>';

  it("moves every id and a[name] into the user-content- namespace, so no element answers getElementById('__NEXT_DATA__')", () => {
    const html = cleanPageHtml(`${NEXT_DATA}<p id="__next">x</p><a name="__NEXT_DATA__">y</a><span id="next">z</span>`);
    expect(html).not.toMatch(/\s(id|name)="(?!user-content-)/);
    expect(html).toContain('<div id="user-content-__NEXT_DATA__">');
    expect(html).toContain('<p id="user-content-__next">');
    expect(html).toContain('<a name="user-content-__NEXT_DATA__">');
    // Sanitising again (render after store) changes nothing.
    expect(cleanPageHtml(html)).toBe(html);
  });

  it("drops the elements and attributes that clobber document/window names: img[name], form, input, object, embed", () => {
    const html = cleanPageHtml('<img name="getElementById" src="/a.png"><form id="f" name="cookie"><input name="attributes"></form><object name="o" data="/x"></object><embed name="e" src="/x"><iframe name="frames" src="https://www.youtube.com/embed/x"></iframe>');
    expect(html).not.toMatch(/<(form|input|object|embed)\b|\sname="(?!user-content-)|getElementById|cookie/);
    expect(html).toContain('<img loading="lazy" src="/a.png" alt="" />');
    expect(html).toContain('<iframe src="https://www.youtube.com/embed/x"></iframe>');
  });

  it("keeps in-page links and table headers working with the namespaced ids", () => {
    const html = cleanPageHtml('<a href="#fn1">1</a><p id="fn1">Note</p><a href="#">top</a><table><tr><th id="h">A</th><td headers="h">1</td></tr></table>');
    expect(html).toContain('<a href="#user-content-fn1">1</a><p id="user-content-fn1">Note</p><a href="#">top</a>');
    expect(html).toContain('<th id="user-content-h">A</th><td headers="user-content-h">1</td>');
  });

  it("refuses script URLs in every URL attribute: href, src, srcset, poster, iframe src", () => {
    const html = cleanPageHtml(
      [
        '<video poster="javascript:alert(1)" src="/files-api/v.mp4"></video>',
        '<video poster="data:text/html,x" src="javascript:alert(2)"></video>',
        '<img srcset="javascript:alert(3) 1x, /ok.png 2x" src="/a.png">',
        '<iframe src="javascript:alert(4)"></iframe><iframe src="/same-origin"></iframe><iframe src="https://evil.example/x"></iframe>',
        '<a href=" javascript:alert(5)">a</a><audio src="javascript:alert(6)"></audio><source src="javascript:alert(7)">',
      ].join(""),
    );
    expect(html).not.toMatch(/javascript:|data:text|evil\.example|same-origin|<iframe/);
    expect(html).toContain('<video src="/files-api/v.mp4"></video>');
    expect(html).toContain('srcset="/ok.png 2x"');
  });

  it("keeps a video poster from the site or over https", () => {
    expect(cleanPageHtml('<video poster="/files-api/p.jpg" src="/files-api/v.mp4"></video>')).toContain('poster="/files-api/p.jpg"');
    expect(cleanPageHtml('<video poster="https://example.org/p.jpg"></video>')).toContain('poster="https://example.org/p.jpg"');
  });
});

describe("[PAGES] heading anchors for Quick navigation, added after sanitising", () => {
  it("never take an id of Next or the layout, and links to a heading's slug keep working", () => {
    const { html, toc } = preparePageHtml('<p><a href="#intro">Intro</a></p><h2>Intro</h2><h2>Next</h2><h2>Main content</h2><h2>Page toc</h2><h3 id="own">Own</h3><p><a href="#own">own</a></p>');
    expect(toc.map((e) => e.id)).toEqual(["intro", "next-2", "main-content-2", "page-toc-2", "user-content-own"]);
    expect(html).toContain('<a href="#intro">Intro</a>');
    expect(html).toContain('<a href="#user-content-own">own</a>');
    for (const id of RESERVED_IDS) expect(html).not.toContain(` id="${id}"`);
  });

  it("a slug is made only of lower-case letters, marks, digits and '-' (never __next or __NEXT_DATA__)", () => {
    expect(slugify("__NEXT_DATA__")).toBe("next-data");
    expect(slugify("__next")).toBe("next");
  });

  it("reserves every fixed id of the layout and the content screens", () => {
    const dirs = ["src/components/layout", "src/features/page", "src/features/home", "src/features/participate"];
    const files = dirs.flatMap((dir) => readdirSync(dir).filter((f) => /\.tsx?$/.test(f)).map((f) => join(dir, f)));
    const ids = new Set<string>();
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\bid="([^"]+)"|_ID = "([^"]+)"/g)) ids.add((m[1] ?? m[2])!);
    }
    expect(ids.size).toBeGreaterThan(5);
    const possibleSlugs = [...ids].filter((id) => slugify(id) === id);
    expect(possibleSlugs.filter((id) => !RESERVED_IDS.includes(id))).toEqual([]);
  });
});

describe("[DATA] record rich text", () => {
  it("is cleaned and its tables wrapped, without heading ids", () => {
    const html = prepareRichTextHtml('<h2>Location</h2><div id="__NEXT_DATA__">x</div><table><tr><td>1</td></tr></table>');
    expect(html).toContain("<h2>Location</h2>");
    expect(html).toContain('<div id="user-content-__NEXT_DATA__">');
    expect(html).toContain('<div class="table-scroll"');
  });
});
