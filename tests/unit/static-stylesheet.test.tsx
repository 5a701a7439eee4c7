// @vitest-environment node
// What a server render sees: Emotion renders <style> tags only outside a browser.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Box, Button } from "@chakra-ui/react";
import { LAYOUT_CSS } from "@/components/layout/layout-styles";
import { UiProvider } from "@/components/ui/provider";
import { staticStylesheet, staticStylesheetHref } from "@/shell/static-stylesheet";
import handler from "@/pages/api/styles/[file]";
import type { NextApiRequest, NextApiResponse } from "next";

function call(file: string, method = "GET") {
  const headers: Record<string, string> = {};
  const res = {
    statusCode: 0,
    body: "",
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
      return this;
    },
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    send(body: string) {
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

describe("[STYLES] the styles every page shares travel once, in a long-cached stylesheet", () => {
  it("holds Chakra's layer order, preflight, tokens and global CSS, and the chrome's classes", () => {
    const { css } = staticStylesheet();
    expect(css.startsWith("@layer reset,base,tokens,recipes;")).toBe(true);
    expect(css).toContain("@layer reset{");
    expect(css).toContain("--chakra-colors-teal-500:#319795");
    // The Devanagari web font leads the stack (it holds Devanagari letters only), then the system's fonts.
    expect(css).toContain('--chakra-fonts-body:"Portal Devanagari",system-ui');
    expect(css).toContain(".cca-page{");
    expect(LAYOUT_CSS).toContain(".cca-page {");
  });

  it("is named after its content", () => {
    expect(staticStylesheetHref()).toMatch(/^\/api\/styles\/site\.[0-9a-f]{16}\.css$/);
  });

  it("a server render of a styled screen carries no token, preflight or chrome CSS inline, only its components' own", () => {
    const html = renderToString(
      <UiProvider>
        <Box color="teal.700" p={4}>
          <Button>Save</Button>
        </Box>
      </UiProvider>,
    );
    expect(html).not.toContain("--chakra-colors-teal-500:");
    expect(html).not.toContain("@layer reset");
    expect(html).not.toContain(".cca-page");
    // Components still get their recipe and style-prop CSS, in the layers the stylesheet declares.
    expect(html).toMatch(/<style data-emotion="css [^"]+">[^<]*@layer recipes\{/);
    expect(html).toContain("color:var(--chakra-colors-teal-700)");
  });

  it("answers its current name with a year of immutable caching", () => {
    const name = staticStylesheetHref().split("/").pop()!;
    const res = call(name);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.body).toBe(staticStylesheet().css);
  });

  it("answers an earlier build's name with today's styles, not cached, and anything else with 404", () => {
    const old = call("site.0123456789abcdef.css");
    expect(old.statusCode).toBe(200);
    expect(old.headers["cache-control"]).toBe("no-cache");
    expect(call("../../etc/passwd").statusCode).toBe(404);
    expect(call(staticStylesheetHref().split("/").pop()!, "POST").statusCode).toBe(405);
  });
});
