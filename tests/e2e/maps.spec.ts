import { expect, test, type Page } from "@playwright/test";
import { zipSync } from "fflate";
import { writeShapefile } from "../../src/server/infra/geo/shapefile-write";
import { DEMO, expectNoSeriousA11yViolations, signInWithApi } from "./fixtures";

/** One large square over central India with a name and a kind: the centre of the map lands on it once zoomed to it. */
function grovesGeoJson(name: string): string {
  return JSON.stringify({
    type: "FeatureCollection",
    features: [
      {
        type: "Feature",
        properties: { name, kind: "sacred grove", area_ha: 42 },
        geometry: { type: "Polygon", coordinates: [[[78, 20], [82, 20], [82, 24], [78, 24], [78, 20]]] },
      },
    ],
  });
}

/** The same square as a zipped Shapefile set (.shp, .shx, .dbf, .cpg), as a forest department hands it over. */
function grovesShapefileZip(name: string): Buffer {
  const set = writeShapefile(
    [{ properties: { name, kind: "sacred grove", area_ha: 42 }, geometry: { type: "Polygon", coordinates: [[[78, 20], [82, 20], [82, 24], [78, 24], [78, 20]]] } }],
    ["name", "kind", "area_ha"],
  );
  const files = { "groves.shp": set.shp, "groves.shx": set.shx, "groves.dbf": set.dbf, "groves.cpg": Buffer.from(set.cpg) };
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([file, data]) => [file, new Uint8Array(data)]))));
}

/** Clicks the middle of the map until the feature panel shows (tiles load after the zoom). */
async function clickMapCentre(page: Page) {
  const map = page.getByTestId("layer-map");
  await expect(map).toHaveAttribute("data-ready", "true");
  await expect(async () => {
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByTestId("feature-panel")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

test.describe("[MAPS] layers on the map", () => {
  test("an administrator uploads a zipped Shapefile, previews it, picks its title and colour columns and publishes it", async ({ page, context }) => {
    test.setTimeout(90_000);
    await signInWithApi(context, DEMO.admin.email, DEMO.admin.password);
    await page.goto("/hi/map/create");
    await expect(page.getByRole("heading", { level: 1, name: "परत अपलोड करें" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto("/map/create");
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Files").setInputFiles({ name: "groves.zip", mimeType: "application/zip", buffer: grovesShapefileZip("Mawphlang grove") });
    await page.getByRole("button", { name: "Read the files" }).click();
    await expect(page.getByText("1 feature, 3 columns")).toBeVisible();
    await expect(page.getByRole("cell", { name: "Mawphlang grove" })).toBeVisible();
    // Before saving: the layer on the map, its extent and its columns.
    await expect(page.getByTestId("preview-map")).toHaveAttribute("data-ready", "true", { timeout: 30_000 });
    await expect(page.getByTestId("preview-facts")).toContainText("west 78.0000°, south 20.0000°, east 82.0000°, north 24.0000°");
    await expect(page.getByTestId("preview-facts")).toContainText("name (text), kind (text), area_ha (number)");
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Layer name").fill("E2E groves");
    await page.getByLabel("Title column").selectOption("name");
    await page.getByRole("checkbox", { name: "kind" }).check();
    await page.getByLabel("Colour by").selectOption("kind");
    await page.getByRole("button", { name: "Upload the layer" }).click();

    await expect(page).toHaveURL(/\/map\?layers=e2e_groves_\d+/);
    const layer = page.getByRole("listitem").filter({ hasText: "E2E groves" });
    await expect(layer.getByText("Not published")).toBeVisible();
    await expect(layer.getByRole("checkbox", { name: "E2E groves" })).toBeChecked();
    await layer.getByRole("button", { name: "Publish: E2E groves" }).click();
    await expect(page.getByText("The layer is published")).toBeVisible();
    await expect(layer.getByText("Not published")).toHaveCount(0);
  });

  test("a visitor turns a published layer on, clicks its shape, reads its attributes and shares the view", async ({ page, browser, baseURL }) => {
    // The map draws with software WebGL in headless Chromium: slow on a busy machine.
    test.setTimeout(90_000);
    // An administrator publishes a layer through the API (the upload screen has its own test).
    const admin = await browser.newContext({ baseURL });
    const token = await signInWithApi(admin, DEMO.admin.email, DEMO.admin.password);
    const upload = await admin.request.post("/nakshaIntegrator-api/api/layer/upload", {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        metadata: { name: "metadata.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ layerName: "Visitor groves", titleColumn: "name", summaryColumns: "kind,area_ha", colorBy: "kind" })) },
        geojson: { name: "groves.geojson", mimeType: "application/geo+json", buffer: Buffer.from(grovesGeoJson("Khasi hills grove")) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { id, name } = (await upload.json()) as { id: number; name: string };
    expect((await admin.request.put(`/nakshaIntegrator-api/api/layer/active/${id}`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    await admin.close();

    await page.goto("/hi/map");
    await expect(page.getByRole("heading", { level: 1, name: "परतें" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto("/map");
    await expect(page.getByRole("heading", { level: 1, name: "Layers" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "States of India" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Search layers").fill("visitor");
    await expect(page.getByRole("checkbox", { name: "States of India" })).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Visitor groves" }).check();
    await expect(page).toHaveURL(new RegExp(`layers=${name}`));
    const item = page.getByRole("listitem").filter({ hasText: "Visitor groves" });
    await expect(item.getByText("sacred grove")).toBeVisible(); // the legend
    // The CCA records are on by default; a visitor reading a layer's shapes switches them off.
    await page.getByRole("checkbox", { name: /^CCA records/ }).uncheck();
    await item.getByRole("button", { name: "Zoom to layer" }).click();
    await clickMapCentre(page);
    const panel = page.getByTestId("feature-panel");
    await expect(panel.getByRole("heading", { name: "Khasi hills grove" })).toBeVisible();
    await expect(panel).toContainText("kind:sacred grove");
    await expect(panel).toContainText("area_ha:42");

    // The address holds the layers and the view: opened again, the same layer is on.
    await expect(page).toHaveURL(/v=-?[\d.]+(,|%2C)-?[\d.]+(,|%2C)[\d.]+/);
    const shared = page.url();
    await page.goto("about:blank");
    await page.goto(shared);
    await expect(page.getByRole("checkbox", { name: "Visitor groves" })).toBeChecked();
  });

  test("a visitor reads what the map draws: record clusters with counts and a summary, a legend, a layer's licence by name", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto("/map");
    const map = page.getByTestId("layer-map");
    await expect(map).toHaveAttribute("data-ready", "true");
    // The CCA records are on by default, clustered with their counts.
    const labels = page.locator(".cca-cluster-count");
    await expect(labels.first()).toBeVisible({ timeout: 20_000 });
    const label = labels.first();
    const count = Number(await label.textContent());
    expect(count).toBeGreaterThan(1);
    const box = (await label.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.locator(".cca-cluster-summary")).toHaveText(`${count} CCA records here: click to zoom in`);

    const legend = page.getByTestId("map-legend");
    await expect(legend.getByText(/^Several CCA records close together/)).toBeVisible();
    await expect(legend.getByText("States of India")).toHaveCount(0);
    await page.getByRole("checkbox", { name: "States of India" }).check();
    await expect(legend.getByText("States of India")).toBeVisible();
    // The licence by its name, linked to its text; never the platform's code.
    const item = page.getByRole("listitem").filter({ hasText: "States of India" });
    await expect(item.getByRole("link", { name: "Public domain" })).toHaveAttribute("href", "https://creativecommons.org/publicdomain/zero/1.0/");
    await expect(page.getByText("CC_PUBLIC_DOMAIN")).toHaveCount(0);
    // Records off: the legend no longer explains them.
    await page.getByRole("checkbox", { name: /^CCA records/ }).uncheck();
    await expect(legend.getByText(/^Several CCA records/)).toHaveCount(0);
    await expect(labels).toHaveCount(0);

    // In Hindi, and folded away on a phone until asked for.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/hi/map?layers=india_states");
    await expect(page.getByTestId("layer-map")).toHaveAttribute("data-ready", "true");
    const hiLegend = page.getByTestId("map-legend");
    await expect(hiLegend.getByText("संकेत सूची")).toBeVisible();
    await expect(hiLegend.getByText(/^पास-पास के कई सीसीए रिकॉर्ड/)).toBeHidden();
    await hiLegend.getByText("संकेत सूची").click();
    await expect(hiLegend.getByText(/^पास-पास के कई सीसीए रिकॉर्ड/)).toBeVisible();
    await expect(page.getByRole("link", { name: "सार्वजनिक डोमेन" })).toBeVisible();
  });
});

test.describe("[MAP] on a phone, maps start when the visitor uses them", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the map screen shows the outlines until the visitor taps (its button or the page), then the map and its records (en, hi)", async ({ page }) => {
    const mapScripts: string[] = [];
    page.on("request", (request) => {
      if (/maplibre-gl|data\/search\/map/.test(request.url())) mapScripts.push(request.url());
    });
    await page.goto("/map");
    const preview = page.getByRole("region", { name: "Maps" });
    await expect(preview.locator("img[src='/map/south-asia.svg']")).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.locator(".maplibregl-map")).toHaveCount(0);
    expect(mapScripts, "nothing of the map is read before it is used").toEqual([]);
    const open = (await preview.getByRole("button", { name: "Open the interactive map" }).boundingBox())!;
    await page.touchscreen.tap(open.x + open.width / 2, open.y + open.height / 2);
    await expect(page.getByTestId("layer-map")).toHaveAttribute("data-ready", "true");
    await expect(page.getByText(/^\(\d+\)$/)).toBeVisible();

    await page.goto("/hi/map");
    const hiPreview = page.getByRole("region", { name: "मानचित्र" });
    await expect(hiPreview.getByRole("button", { name: "इंटरैक्टिव मानचित्र खोलें" })).toBeVisible();
    // Any touch on the page counts as using it.
    const box = (await hiPreview.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 3);
    await expect(page.getByTestId("layer-map")).toHaveAttribute("data-ready", "true");
  });

  test("a record's location is drawn, then becomes the interactive map once the visitor scrolls to it", async ({ page }) => {
    await page.goto("/data/show/1");
    const location = page.locator("#location");
    await expect(location.locator("svg path")).toHaveCount(1);
    await expect(location.getByRole("button", { name: "Open the interactive map" })).toBeAttached();
    await expect(page.locator(".maplibregl-map")).toHaveCount(0);
    await page.mouse.wheel(0, 600);
    await expect(location.getByRole("region", { name: /^Map of Mawphlang sacred forest$/i })).toBeVisible();
    await expect(location.locator("canvas.maplibregl-canvas")).toBeVisible();
  });
});
