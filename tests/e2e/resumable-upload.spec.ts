import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEMO, signInWithApi } from "./fixtures";

// Issue 32, item 4: a 20 MB video picked in the participation form goes up in chunks (tus); the link
// drops after the first chunk, the upload resumes from the server's offset, and the stored file is
// byte-identical to the one picked.
test("[UPLOAD] a 20 MB video survives a dropped link: resumed from the server's offset, stored byte-identical", async ({ page, context }) => {
  test.setTimeout(180_000);
  await signInWithApi(context, DEMO.member.email, DEMO.member.password);
  const video = Buffer.concat([Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex"), crypto.randomBytes(20 * 1024 * 1024)]);
  const sha = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");

  const offsets: number[] = [];
  let cut = false;
  await page.route("**/files-api/api/upload/tus/*", async (route) => {
    const request = route.request();
    if (request.method() !== "PATCH") return route.continue();
    offsets.push(Number(request.headers()["upload-offset"]));
    // The second chunk never arrives: the connection drops.
    if (!cut && offsets.length === 2) {
      cut = true;
      return route.abort("connectionreset");
    }
    return route.continue();
  });

  await page.goto("/participate/sacred-grove-survey");
  const completed = page.waitForResponse((r) => /\/files-api\/api\/upload\/tus-complete\//.test(r.url()) && r.request().method() === "POST", { timeout: 150_000 });
  await page.getByLabel("Photos of the grove").setInputFiles({ name: "walk.mp4", mimeType: "video/mp4", buffer: video });
  await expect(page.getByRole("progressbar", { name: "Uploading walk.mp4" })).toBeVisible();
  const answer = await completed;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(page.getByTestId("uploaded-file")).toContainText("walk.mp4", { timeout: 30_000 });

  // After the cut, the next PATCH started where the server had stopped, not from zero.
  expect(cut).toBe(true);
  const afterCut = offsets.slice(2);
  expect(afterCut.length).toBeGreaterThan(0);
  expect(afterCut[0]).toBeGreaterThan(0);
  const { uri } = (await answer.json()) as { uri: string };
  const stored = await context.request.get(`/files-api/api/get/raw/myUploads${uri}`);
  expect(stored.status()).toBe(200);
  expect(sha(await stored.body())).toBe(sha(video));
});
