import { describe, expect, it } from "vitest";
import { internalUrlOf, PLATFORM_SERVICES } from "@/web-server/public-paths";

describe("public addresses answered by an API route (the portal server maps them before Next)", () => {
  it("sends every platform service to the platform adapter with its path and query", () => {
    for (const service of PLATFORM_SERVICES) {
      expect(internalUrlOf(`/${service}-api/api/v1/x/1?a=1&b=%20`)).toBe(`/api/platform/${service}/v1/x/1?a=1&b=%20`);
    }
    expect(internalUrlOf("/cca-integrator-api/api/v1/services/read/profile/7")).toBe("/api/platform/cca-integrator/v1/services/read/profile/7");
    expect(internalUrlOf("/user-api/api")).toBe("/api/platform/user");
  });

  it("keeps the path as sent (encoded), and drops a locale prefix as Next's locale-aware rewrites did", () => {
    expect(internalUrlOf("/pages-api/api/v1/page/a%2Fb")).toBe("/api/platform/pages/v1/page/a%2Fb");
    expect(internalUrlOf("/hi/user-api/api/v1/user/me")).toBe("/api/platform/user/v1/user/me");
    expect(internalUrlOf("/en/sitemap.xml")).toBe("/api/sitemap");
  });

  it("reads doubled slashes of a platform path as one (issue 34: Next answered them with a 308 to the internal address)", () => {
    expect(internalUrlOf("/files-api/api/get/crop/userGroups//logos/x.svg?w=128")).toBe("/api/platform/files/get/crop/userGroups/logos/x.svg?w=128");
    expect(internalUrlOf("//files-api/api/get/raw/pages///h/x.jpg")).toBe("/api/platform/files/get/raw/pages/h/x.jpg");
    expect(internalUrlOf("/hi//cca-api/api/v1//data/1")).toBe("/api/platform/cca/v1/data/1");
    expect(internalUrlOf("//page/show/45")).toBeNull();
  });

  it("maps the sitemap, its numbered parts and robots.txt", () => {
    expect(internalUrlOf("/sitemap.xml")).toBe("/api/sitemap");
    expect(internalUrlOf("/sitemap/3.xml")).toBe("/api/sitemap?part=3");
    expect(internalUrlOf("/sitemap/3.xml?part=9")).toBe("/api/sitemap?part=3");
    expect(internalUrlOf("/robots.txt")).toBe("/api/robots");
  });

  it("maps the OGC API, the DCAT catalogue and the OAI-PMH endpoint (issue 31)", () => {
    expect(internalUrlOf("/ogc")).toBe("/api/ogc");
    expect(internalUrlOf("/ogc/")).toBe("/api/ogc");
    expect(internalUrlOf("/ogc/collections/records/items?bbox=70,10,80,20&limit=5")).toBe("/api/ogc/collections/records/items?bbox=70,10,80,20&limit=5");
    expect(internalUrlOf("/hi/ogc/conformance")).toBe("/api/ogc/conformance");
    expect(internalUrlOf("/catalog")).toBe("/api/catalog");
    expect(internalUrlOf("/catalog.jsonld")).toBe("/api/catalog?format=jsonld");
    expect(internalUrlOf("/catalog.ttl")).toBe("/api/catalog?format=ttl");
    expect(internalUrlOf("/oai?verb=Identify")).toBe("/api/oai?verb=Identify");
    for (const url of ["/ogcx", "/catalogue", "/catalog.xml", "/oai/x", "/group/x/ogc"]) expect(internalUrlOf(url), url).toBeNull();
  });

  it("leaves every other address alone: pages, unknown services, look-alikes", () => {
    for (const url of ["/", "/hi", "/page/show/45", "/api/platform/user/v1/x", "/unknown-api/api/v1", "/user-api/apiary", "/user-api", "/xhi/user-api/api/v1", "/sitemap/a.xml", "/sitemap.xmlx", "/fr/robots.txt", "/group/x/user-api/api/v1"]) {
      expect(internalUrlOf(url), url).toBeNull();
    }
  });
});
