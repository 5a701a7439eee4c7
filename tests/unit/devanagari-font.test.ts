// @vitest-environment node
import type { NextApiRequest, NextApiResponse } from "next";
import { describe, expect, it } from "vitest";
import { DEVANAGARI_UNICODE_RANGE, devanagariFontFiles } from "@/components/ui/devanagari-font-files";
import { staticStylesheet } from "@/shell/static-stylesheet";
import handler from "@/pages/api/fonts/[file]";

function call(file: string, method = "GET") {
  const headers: Record<string, string> = {};
  const res = {
    statusCode: 0,
    body: undefined as unknown,
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
      return this;
    },
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    send(body: unknown) {
      this.body = body;
      return this;
    },
    end() {
      return this;
    },
  };
  handler({ method, query: { file }, headers: {} } as unknown as NextApiRequest, res as unknown as NextApiResponse);
  return { ...res, headers };
}

/** Code points of a unicode-range list ("U+0900-097F, U+25CC") as [from, to] pairs. */
function ranges(list: string): [number, number][] {
  return list.split(",").map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
  });
}

describe("[FONTS] Hindi headings are bold on every device: the portal serves a Devanagari font with a real bold", () => {
  it("the shared stylesheet declares a regular and a bold face, swapped in when loaded, for Devanagari letters only", () => {
    const { css } = staticStylesheet();
    const faces = css.match(/@font-face\{[^}]*\}/g) ?? [];
    expect(faces).toHaveLength(2);
    for (const [face, weight] of faces.map((f, i) => [f, [400, 700][i]] as const)) {
      expect(face).toContain('font-family:"Portal Devanagari"');
      expect(face).toContain(`font-weight:${weight}`);
      expect(face).toContain("font-display:swap");
      expect(face).toMatch(/src:url\(\/api\/fonts\/noto-sans-devanagari-\d00\.[0-9a-f]{12}\.woff2\) format\("woff2"\)/);
      expect(face).toContain("unicode-range:U+0900-097F");
    }
    // No Latin letter, digit, punctuation or currency sign is in the range: an English page downloads nothing.
    const covered = (c: number) => ranges(DEVANAGARI_UNICODE_RANGE).some(([from, to]) => c >= from && c <= to);
    for (const char of "AZaz09.,;:!?'\"()-–—€£₹$@&%") expect(covered(char.codePointAt(0)!), char).toBe(false);
    for (const char of "अक्षरहिन्दी।॥") expect(covered(char.codePointAt(0)!), char).toBe(true);
  });

  it("serves each file as woff2 under its content-named address, immutable for a year; anything else is 404", () => {
    const files = devanagariFontFiles();
    expect(files.map((f) => f.weight)).toEqual([400, 700]);
    for (const file of files) {
      const res = call(file.name);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("font/woff2");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const body = res.body as Buffer;
      expect(body.subarray(0, 4).toString("latin1")).toBe("wOF2");
      // A subset, not the whole family: well under 100 kB each.
      expect(body.length).toBeLessThan(100_000);
    }
    expect(call("noto-sans-devanagari-700.000000000000.woff2").statusCode).toBe(404);
    expect(call("../../package.json").statusCode).toBe(404);
    const post = call(files[0]!.name, "POST");
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
  });
});
