import { describe, expect, it } from "vitest";
import { isRedirectTarget, redirectDestination } from "@/contracts/redirect-target";

const SITE_PATHS = ["/data/list", "/group/sacred-groves/chart", "/page/show/45?preview#donate", "/hi/page/show/204", "/files/Annual%20report.pdf", "/a/../b"];
const OTHER_SITES = ["https://www.iccaregistry.org/", "http://example.org/path?q=1", "HTTPS://EXAMPLE.ORG/"];
const REFUSED = [
  "",
  "data/list",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox",
  "ftp://example.org/x",
  "mailto:someone@example.org",
  "https:evil.example",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/path\\to",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/%255Cevil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/.//evil.example",
  "/%2e//evil.example",
  "/..//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/data list",
  "/data\u00a0list",
  "/100%",
  "https://exa mple.org/",
  "java\nscript:alert(1)",
];

describe("[PAGES] where a Redirect page may send its visitors", () => {
  it.each(SITE_PATHS)("a path of this site: %s", (value) => {
    expect(isRedirectTarget(value)).toBe(true);
  });

  it.each(OTHER_SITES)("an http(s) address: %s", (value) => {
    expect(isRedirectTarget(value)).toBe(true);
  });

  it.each(REFUSED)("nothing else: %j", (value) => {
    expect(isRedirectTarget(value)).toBe(false);
    expect(redirectDestination(value)).toBeNull();
  });
});

describe("[PAGES] a visitor who opens a Redirect page", () => {
  it("stays on the site they are on for a site path, whatever the path holds", () => {
    expect(redirectDestination("/data/list")).toBe("/data/list");
    expect(redirectDestination(" /group/sacred-groves/chart ")).toBe("/group/sacred-groves/chart");
    expect(redirectDestination("/page/show/45?preview#donate")).toBe("/page/show/45?preview#donate");
    // Non-ASCII travels percent-encoded (a Location header is ASCII).
    expect(redirectDestination("/page/पृष्ठ")).toBe("/page/%E0%A4%AA%E0%A5%83%E0%A4%B7%E0%A5%8D%E0%A4%A0");
    for (const value of SITE_PATHS) {
      const destination = redirectDestination(value)!;
      expect(destination.startsWith("/") && !destination.startsWith("//") && !destination.includes("\\"), value).toBe(true);
      // Resolved against any site, the destination is on that same site.
      expect(new URL(destination, "https://portal.example").origin).toBe("https://portal.example");
    }
  });

  it("is sent to the full address of another site, percent-encoded", () => {
    expect(redirectDestination("https://www.iccaregistry.org/")).toBe("https://www.iccaregistry.org/");
    expect(redirectDestination("https://example.org/ä")).toBe("https://example.org/%C3%A4");
  });

  it("is not sent anywhere by an older stored value that the rule refuses (the page is not found)", () => {
    expect(redirectDestination("//evil.example/")).toBeNull();
    expect(redirectDestination("javascript:alert(1)")).toBeNull();
  });
});
