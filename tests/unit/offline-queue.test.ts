import { describe, expect, it } from "vitest";
import { isStoredFilePath } from "@/contracts/record-rules";
import { initialStatus, isSendable, nextStatus, type OutboxStatus } from "@/lib/offline/outbox-machine";
import { localFileIdOf, localFilePath } from "@/lib/offline/local-files";
import { localFileIdsOf, withUploadedPaths } from "@/lib/offline/outbox-store";
import { assetsOfHtml, cachesToPurge, classify, formLinksOfHtml, offlinePathFor, viewerOf } from "@/service-worker/routing";

const ORIGIN = "https://cca.example";
const sending = (): OutboxStatus => nextStatus(initialStatus(), { type: "send" }, 1000);

describe("the submission queue's states (issue 32)", () => {
  it("a queued record waits, is sent, and is sent once it is saved", () => {
    const s = sending();
    expect(s).toMatchObject({ state: "sending", attempts: 1, triedAt: 1000 });
    expect(nextStatus(s, { type: "saved", recordId: 42 })).toMatchObject({ state: "sent", recordId: 42, attempts: 1 });
  });

  it("a lost network puts it back to waiting, and the next send counts another attempt", () => {
    const back = nextStatus(sending(), { type: "network" });
    expect(back.state).toBe("waiting");
    expect(nextStatus(back, { type: "send" }).attempts).toBe(2);
  });

  it("a refusal with field errors needs a fix; a 401 after renewal waits for a sign-in, then waits to be sent", () => {
    const refused = nextStatus(sending(), { type: "refused", status: 400, fieldErrors: { name: "form:required" }, message: "not valid" });
    expect(refused).toMatchObject({ state: "invalid", fieldErrors: { name: "form:required" }, message: "not valid" });
    const signIn = nextStatus(sending(), { type: "refused", status: 401 });
    expect(signIn.state).toBe("sign-in");
    expect(nextStatus(signIn, { type: "signed-in" }).state).toBe("waiting");
  });

  it("events that do not apply leave the state as it is (a sent record is never sent again)", () => {
    const sent = nextStatus(sending(), { type: "saved", recordId: 1 });
    for (const event of [{ type: "send" }, { type: "network" }, { type: "signed-out" }, { type: "refused", status: 400 }] as const) {
      expect(nextStatus(sent, event)).toBe(sent);
    }
    expect(nextStatus(initialStatus(), { type: "saved", recordId: 3 }).state).toBe("waiting");
  });

  it("a page closed while sending leaves `sending`: taken again after two minutes, not before", () => {
    const s = sending();
    expect(isSendable(s, 1000 + 60_000)).toBe(false);
    expect(isSendable(s, 1000 + 121_000)).toBe(true);
    expect(isSendable(initialStatus())).toBe(true);
    expect(isSendable({ state: "invalid", attempts: 1 })).toBe(false);
  });

  it("a pass that holds the queue lock takes a `sending` entry at once: no other page can be sending it", () => {
    expect(isSendable(sending(), 1000 + 5_000, undefined, true)).toBe(true);
    expect(isSendable({ state: "invalid", attempts: 1 }, 0, undefined, true)).toBe(false);
    expect(isSendable({ state: "sent", attempts: 1, recordId: 2 }, 0, undefined, true)).toBe(false);
  });
});

describe("photos picked offline", () => {
  it("a placeholder path passes the record rules, names its local photo, and is replaced by the uploaded path", () => {
    const path = localFilePath("0f8e3c2a-1111-4222-8333-444455556666", "my photo/../x.jpg");
    expect(isStoredFilePath(path)).toBe(true);
    expect(localFileIdOf(path)).toBe("0f8e3c2a-1111-4222-8333-444455556666");
    expect(localFileIdOf("/files-api/api/get/raw/myUploads/ibpmu-1/a.jpg")).toBeNull();
    const body = { shortName: "t", ccaFieldValues: { photos: { fieldId: "photos", value: [{ path, type: "image" }, { path: "/files-api/api/get/raw/myUploads/ibpmu-1/a.jpg" }] }, name: { fieldId: "name", value: "Grove" } } };
    expect(localFileIdsOf(body)).toEqual(["0f8e3c2a-1111-4222-8333-444455556666"]);
    const sent = withUploadedPaths(body, { "0f8e3c2a-1111-4222-8333-444455556666": "/files-api/api/get/raw/myUploads/ibpmu-2/b.jpg" }) as typeof body;
    expect(sent.ccaFieldValues.photos.value.map((f) => f.path)).toEqual(["/files-api/api/get/raw/myUploads/ibpmu-2/b.jpg", "/files-api/api/get/raw/myUploads/ibpmu-1/a.jpg"]);
    expect(sent.ccaFieldValues.name.value).toBe("Grove");
  });
});

describe("the service worker's routing", () => {
  const req = (url: string, mode = "no-cors", method = "GET") => ({ url: `${ORIGIN}${url}`, mode, method });
  it("screens go network-first into the visitor's cache; API calls, writes, logout and other origins are left alone", () => {
    expect(classify(req("/participate/list", "navigate"), ORIGIN)).toBe("page");
    expect(classify(req("/hi/group/x/data/show/4", "navigate"), ORIGIN)).toBe("page");
    expect(classify(req("/_next/data/b1/participate/list.json"), ORIGIN)).toBe("page");
    expect(classify(req("/_next/static/chunks/a.js"), ORIGIN)).toBe("static");
    expect(classify(req("/map/south-asia.json"), ORIGIN)).toBe("static");
    expect(classify(req("/files-api/api/get/raw/myUploads/h/a.jpg"), ORIGIN)).toBe("media");
    expect(classify(req("/cca-api/api/v1/data/list"), ORIGIN)).toBe("none");
    expect(classify(req("/cca-api/api/v1/data/save", "cors", "POST"), ORIGIN)).toBe("none");
    expect(classify(req("/api/pwa/manifest", "navigate"), ORIGIN)).toBe("none");
    expect(classify(req("/logout", "navigate"), ORIGIN)).toBe("none");
    expect(classify(req("/hi/group/x/logout", "navigate"), ORIGIN)).toBe("none");
    expect(classify({ url: "https://elsewhere.example/x", mode: "navigate", method: "GET" }, ORIGIN)).toBe("none");
  });

  it("only `anon` and `u{id}` name a cache; a new signed-in visitor's arrival deletes every other signed-in visitor's pages", () => {
    expect(viewerOf("anon")).toBe("anon");
    expect(viewerOf("u12")).toBe("u12");
    expect(viewerOf("u12/../x")).toBeNull();
    expect(viewerOf(null)).toBeNull();
    const names = ["pages-anon", "pages-u1", "pages-u2", "static-v1"];
    expect(cachesToPurge(names, "u2")).toEqual(["pages-u1"]);
    expect(cachesToPurge(names, "anon")).toEqual(["pages-u1", "pages-u2"]);
  });

  it("the offline screen is in the address's language; a page's assets and a form list's forms are found in its HTML", () => {
    expect(offlinePathFor("/hi/participate/x")).toBe("/hi/offline");
    expect(offlinePathFor("/hi")).toBe("/hi/offline");
    expect(offlinePathFor("/history")).toBe("/offline");
    const html = '<script src="/_next/static/chunks/a.js"></script><link rel="stylesheet" href="/api/styles/abc.css"/><a href="/hi/group/g/participate/sacred-grove">x</a><a href="/hi/participate/master">y</a><img src="https://x/y.png">';
    expect(assetsOfHtml(html, `${ORIGIN}/hi`)).toEqual([`${ORIGIN}/_next/static/chunks/a.js`, `${ORIGIN}/api/styles/abc.css`]);
    expect(formLinksOfHtml(html, `${ORIGIN}/hi/participate/list`)).toEqual([`${ORIGIN}/hi/group/g/participate/sacred-grove`, `${ORIGIN}/hi/participate/master`]);
  });
});

describe("the service worker and offline map packs", () => {
  const req = (url: string) => ({ url: `${ORIGIN}${url}`, mode: "cors", method: "GET" });
  it("a pack's tiles come from the kept pack first; the map's points from the network, then the pack", () => {
    expect(classify(req("/nakshaIntegrator-api/api/mappack/12/tiles/10/730/460.png?v=3"), ORIGIN)).toBe("map-tile");
    expect(classify(req("/cca-api/api/v1/data/search/map?shortName=master"), ORIGIN)).toBe("map-points");
    expect(classify(req("/nakshaIntegrator-api/api/mappack/12"), ORIGIN)).toBe("none");
    expect(classify(req("/nakshaIntegrator-api/api/mappack/12/mbtiles"), ORIGIN)).toBe("none");
  });
});
