import { VectorTile } from "@mapbox/vector-tile";
import { unzipSync } from "fflate";
import { PbfReader } from "pbf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/contracts/api-error";
import type { LayerOnClick, LayerPreview, NakshaLayer } from "@/contracts/naksha-layer";
import { SEED_USER_BY_ROLE } from "@/server/seed/demo";
import { parseDbf, parseShp } from "shpjs";
import { sendJson, tokensOf } from "./helpers/accounts";
import {
  FOREST_BLOCKS,
  geojsonOf,
  KML,
  metadataOf,
  multipart,
  shapefileParts,
  tinyGeoTiff,
  UTM_43N_PRJ,
  UTM_SQUARE,
  zipOf,
  type Part,
} from "./helpers/layer-fixtures";
import { TEST_DB } from "./helpers/test-database";
import { createTestPlatform, type ApiResult, type TestPlatform } from "./helpers/test-platform";

const L = "nakshaIntegrator-api/api/layer";
type Who = "admin" | "member";
let api: TestPlatform;
const tokens = {} as Record<Who, string>;

const auth = (who?: Who): Record<string, string> => (who ? { authorization: `Bearer ${tokens[who]}` } : {});
const get = (url: string, who?: Who) => api.request("GET", url, { headers: auth(who) });
const put = (url: string, who?: Who) => api.request("PUT", url, { headers: auth(who) });
const del = (url: string, who?: Who) => api.request("DELETE", url, { headers: auth(who) });
const error = (res: ApiResult) => res.body as ApiErrorBody;

function upload(parts: Part[], who: Who | null = "admin", metadata: string | null = metadataOf()): Promise<ApiResult> {
  const all = metadata === null ? parts : [{ field: "metadata", fileName: "metadata.json", data: metadata, contentType: "application/json" }, ...parts];
  const { body, contentType } = multipart(all);
  return api.request("POST", `${L}/upload`, { headers: { "content-type": contentType, ...auth(who ?? undefined) }, body });
}

const filesOf = (files: Record<string, Buffer>): Part[] => Object.entries(files).map(([name, data]) => ({ field: name.split(".").pop()!, fileName: name, data }));

/** Slippy-map tile of a point. */
function tileOf(lon: number, lat: number, z: number): [number, number, number] {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return [z, x, y];
}

function decodeTile(raw: Buffer, layerName: string): Array<Record<string, unknown>> {
  if (raw.length === 0) return [];
  const tile = new VectorTile(new PbfReader(new Uint8Array(raw)));
  const layer = tile.layers[layerName];
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties);
}

async function publishedLayer(parts: Part[], metadata = metadataOf()): Promise<NakshaLayer> {
  const res = await upload(parts, "admin", metadata);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const layer = res.body as NakshaLayer;
  expect((await put(`${L}/active/${layer.id}`, "admin")).status).toBe(200);
  return layer;
}

beforeAll(async () => {
  api = await createTestPlatform();
  tokens.admin = (await tokensOf(api, SEED_USER_BY_ROLE.admin.email!, SEED_USER_BY_ROLE.admin.password)).access_token;
  tokens.member = (await tokensOf(api, SEED_USER_BY_ROLE.user.email!, SEED_USER_BY_ROLE.user.password)).access_token;
});

afterAll(async () => {
  await api?.close();
});

describe(`[LAYERS] upload, publish and read map layers (${TEST_DB})`, () => {
  it("the demo seed publishes the states of India and demo protected areas, coloured by region and category", async () => {
    const layers = (await get(`${L}/all`)).body as NakshaLayer[];
    const states = layers.find((l) => l.name === "india_states")!;
    expect(states).toMatchObject({ title: "States of India", status: "ACTIVE", featureCount: 35, colorBy: "region", titleColumn: "name" });
    expect(states.legend.map((l) => l.value).sort()).toEqual(["Central", "East", "North", "North-East", "South", "West"]);
    expect(layers.find((l) => l.name === "demo_protected_areas")).toMatchObject({ featureCount: 60, colorBy: "category", layerType: "MULTIPOLYGON" });
    const karnataka = decodeTile((await get(`${L}/tiles/india_states/${tileOf(76.5, 14.5, 6).join("/")}.pbf`)).raw, "india_states");
    expect(karnataka.map((f) => f.name)).toContain("Karnataka");
  });

  it("only administrators upload, publish, unpublish and delete: 401 anonymous, 403 members", async () => {
    const zip = [{ field: "zip", fileName: "blocks.zip", data: zipOf(shapefileParts(FOREST_BLOCKS, null)) }];
    expect((await upload(zip, null)).status).toBe(401);
    expect((await upload(zip, "member")).status).toBe(403);
    const res = await upload(zip, "admin");
    expect(res.status).toBe(201);
    const layer = res.body as NakshaLayer;
    expect(layer.status).toBe("PENDING");
    for (const call of [put(`${L}/active/${layer.id}`), put(`${L}/pending/${layer.id}`), del(`${L}/${layer.id}`)]) expect((await call).status).toBe(401);
    for (const call of [put(`${L}/active/${layer.id}`, "member"), put(`${L}/pending/${layer.id}`, "member"), del(`${L}/${layer.id}`, "member")]) {
      expect((await call).status).toBe(403);
    }
    expect((await put(`${L}/active/999999`, "admin")).status).toBe(404);
    expect((await del(`${L}/${layer.id}`, "admin")).status).toBe(200);
  });

  it("a zipped Shapefile becomes a layer with its attributes, columns, extent and a legend by its colour column", async () => {
    const res = await upload([{ field: "zip", fileName: "blocks.zip", data: zipOf(shapefileParts(FOREST_BLOCKS, null)) }]);
    expect(res.status).toBe(201);
    const layer = res.body as NakshaLayer;
    expect(layer).toMatchObject({
      title: "Forest blocks",
      attribution: "Karnataka Forest Department",
      license: "CC_BY",
      tags: ["forest", "bengaluru"],
      layerType: "MULTIPOLYGON",
      titleColumn: "name",
      summaryColumns: ["area_ha", "kind"],
      colorBy: "kind",
      featureCount: 3,
      downloadAccess: "ALL",
    });
    expect(layer.name).toMatch(/^forest_blocks_\d+$/);
    expect(layer.columns).toEqual([
      { name: "name", type: "string" },
      { name: "area_ha", type: "number" },
      { name: "kind", type: "string" },
    ]);
    expect(layer.bbox).toEqual([77.5, 12.9, 78, 13]);
    expect(layer.legend.map((l) => l.value)).toEqual(["sacred grove", "reserve"]);
    expect(layer.tileUrl).toBe(`/nakshaIntegrator-api/api/layer/tiles/${layer.name}/{z}/{x}/{y}.pbf`);
  });

  it("an unpublished layer is seen by administrators only; publishing shows it to everyone, unpublishing hides it again", async () => {
    const res = await upload([{ field: "geojson", fileName: "blocks.geojson", data: geojsonOf(FOREST_BLOCKS) }], "admin", metadataOf({ layerName: "Hidden blocks" }));
    const layer = res.body as NakshaLayer;
    const names = async (who?: Who) => ((await get(`${L}/all`, who)).body as NakshaLayer[]).map((l) => l.name);
    const [z, x, y] = tileOf(77.55, 12.95, 10);
    expect(await names()).not.toContain(layer.name);
    expect(await names("member")).not.toContain(layer.name);
    expect(await names("admin")).toContain(layer.name);
    expect((await get(`${L}/onClick/${layer.name}`)).status).toBe(404);
    expect((await get(`${L}/tiles/${layer.name}/${z}/${x}/${y}.pbf`)).status).toBe(404);
    const adminTile = await get(`${L}/tiles/${layer.name}/${z}/${x}/${y}.pbf`, "admin");
    expect(adminTile.status).toBe(200);
    expect(adminTile.headers["cache-control"]).toBe("private, no-store");

    expect((await put(`${L}/active/${layer.id}`, "admin")).body).toMatchObject({ status: "ACTIVE" });
    expect(await names()).toContain(layer.name);
    const onClick = (await get(`${L}/onClick/${layer.name}`)).body as LayerOnClick;
    expect(onClick).toMatchObject({ layerName: layer.name, titleColumn: "name", summaryColumn: ["area_ha", "kind"], colorBy: "kind" });
    expect(onClick.styles[0]!.styleName).toBe(`${layer.name}_default`);
    expect((await get(`${L}/tiles/${layer.name}/${z}/${x}/${y}.pbf`)).headers["cache-control"]).toBe("public, max-age=3600");

    expect((await put(`${L}/pending/${layer.name}`, "admin")).body).toMatchObject({ status: "PENDING" });
    expect(await names()).not.toContain(layer.name);
  });

  it("vector tiles hold the features of their extent, with the shown columns, and are cached", async () => {
    const layer = await publishedLayer([{ field: "geojson", fileName: "blocks.geojson", data: geojsonOf(FOREST_BLOCKS) }], metadataOf({ layerName: "Tiled blocks" }));
    const url = (t: [number, number, number]) => `${L}/tiles/${layer.name}/${t[0]}/${t[1]}/${t[2]}.pbf`;

    const first = await get(url(tileOf(77.55, 12.95, 12)));
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("application/vnd.mapbox-vector-tile");
    expect(first.headers["x-tile-cache"]).toBe("miss");
    const features = decodeTile(first.raw, layer.name);
    expect(features.map((f) => f.name)).toEqual(["Devara Kadu"]);
    expect(features[0]).toMatchObject({ fid: 1, area_ha: 120.5, kind: "sacred grove" });
    const again = await get(url(tileOf(77.55, 12.95, 12)));
    expect(again.headers["x-tile-cache"]).toBe("hit");
    expect(again.raw.equals(first.raw)).toBe(true);

    // At zoom 5 one tile covers all three blocks.
    expect(decodeTile((await get(url(tileOf(77.7, 12.95, 5)))).raw, layer.name).map((f) => f.name).sort()).toEqual(["Devara Kadu", "Kaan Forest", "ಹಸಿರು ಬನ"].sort());
    // Far away: an empty tile.
    const empty = await get(url(tileOf(10, 50, 8)));
    expect(empty.status).toBe(200);
    expect(decodeTile(empty.raw, layer.name)).toEqual([]);
    // Not a tile of the pyramid, or a malformed address: 404.
    expect((await get(`${L}/tiles/${layer.name}/3/9/1.pbf`)).status).toBe(404);
    expect((await get(`${L}/tiles/${layer.name}/a/1/1.pbf`)).status).toBe(404);
    expect((await get(`${L}/tiles/no_such_layer/1/1/1.pbf`)).status).toBe(404);

    const feature = await get(`${L}/feature/${layer.name}/2`);
    expect(feature.body).toEqual({ layerName: layer.name, featureId: 2, properties: { name: "Kaan Forest", area_ha: 80, kind: "reserve" }, restricted: false });
  });

  it.each([
    ["GROUP", { anonymous: true, member: false, admin: false }],
    ["PRIVATE", { anonymous: true, member: true, admin: false }],
  ] as const)(
    "a layer whose download is %s: tiles carry only the shown columns for everyone; a feature's other attributes only for those who may download (issue 27 item 15)",
    async (downloadAccess, restrictedFor) => {
      // `kind` is neither title, summary nor colour-by: only the download guards it.
      const layer = await publishedLayer([{ field: "geojson", fileName: "blocks.geojson", data: geojsonOf(FOREST_BLOCKS) }], metadataOf({ layerName: `Guarded ${downloadAccess}`, summaryColumns: "area_ha", colorBy: "", downloadAccess }));
      const url = `${L}/tiles/${layer.name}/${tileOf(77.55, 12.95, 12).join("/")}.pbf`;
      for (const who of [undefined, "member", "admin"] as const) {
        const res = await get(url, who);
        expect(res.status).toBe(200);
        expect(decodeTile(res.raw, layer.name), who ?? "anonymous").toEqual([{ fid: 1, name: "Devara Kadu", area_ha: 120.5 }]);
      }
      for (const who of [undefined, "member", "admin"] as const) {
        const res = await get(`${L}/feature/${layer.name}/2`, who);
        expect(res.status).toBe(200);
        const restricted = restrictedFor[who ?? "anonymous"];
        expect(res.body, who ?? "anonymous").toEqual({
          layerName: layer.name,
          featureId: 2,
          properties: restricted ? { name: "Kaan Forest", area_ha: 80 } : { name: "Kaan Forest", area_ha: 80, kind: "reserve" },
          restricted,
        });
      }
    },
  );

  it("a loose Shapefile set in UTM zone 43N with its .prj is reprojected to WGS 84", async () => {
    const layer = await publishedLayer(filesOf(shapefileParts(UTM_SQUARE, UTM_43N_PRJ, "metric")), metadataOf({ layerName: "Metric", titleColumn: "name", summaryColumns: "code", colorBy: "code" }));
    const [minLon, minLat, maxLon, maxLat] = layer.bbox!;
    expect(minLon).toBeCloseTo(75.0, 3);
    expect(maxLon).toBeCloseTo(75.0092, 3);
    expect(minLat).toBeCloseTo(12.6642, 3);
    expect(maxLat).toBeCloseTo(12.6732, 3);
    const features = decodeTile((await get(`${L}/tiles/${layer.name}/${tileOf(75.004, 12.668, 14).join("/")}.pbf`)).raw, layer.name);
    expect(features).toEqual([{ fid: 1, name: "Metric block", code: 7 }]);
  });

  it("KML and a KMZ-free GeoJSON in EPSG:3857 are read", async () => {
    const kml = await publishedLayer([{ field: "kml", fileName: "chilika.kml", data: KML }], metadataOf({ layerName: "Chilika", titleColumn: "name", summaryColumns: "zone", colorBy: "" }));
    expect(kml).toMatchObject({ featureCount: 2, layerType: "MULTIPOLYGON", bbox: [85.2, 19.6, 85.4, 19.8] });
    const mercator = geojsonOf([{ geometry: { type: "Point", coordinates: [8_627_261.3, 1_448_120.9] }, properties: { name: "Bengaluru" } }], {
      crs: { type: "name", properties: { name: "urn:ogc:def:crs:EPSG::3857" } },
    });
    const res = await upload([{ field: "geojson", fileName: "city.json", data: mercator }], "admin", metadataOf({ layerName: "City", summaryColumns: "", colorBy: "" }));
    expect(res.status).toBe(201);
    const [lon, lat] = (res.body as NakshaLayer).bbox!;
    expect(lon).toBeCloseTo(77.5, 2);
    expect(lat).toBeCloseTo(12.9, 1);
  });

  it.each([
    ["a Shapefile set without its .dbf", () => filesOf(Object.fromEntries(Object.entries(shapefileParts(FOREST_BLOCKS, null)).filter(([n]) => !n.endsWith(".dbf")))), /missing its \.dbf part/, "map:errors.missing_part"],
    ["a zip without the .shp", () => [{ field: "zip", fileName: "b.zip", data: zipOf(Object.fromEntries(Object.entries(shapefileParts(FOREST_BLOCKS, null)).filter(([n]) => !n.endsWith(".shp")))) }], /missing its \.shp part/, "map:errors.missing_part"],
    ["a .shp cut short", () => filesOf({ ...shapefileParts(FOREST_BLOCKS, null), "blocks.shp": shapefileParts(FOREST_BLOCKS, null)["blocks.shp"]!.subarray(0, 150) }), /blocks\.shp is not a valid \.shp file/, "map:errors.file_broken"],
    ["a broken zip", () => [{ field: "zip", fileName: "b.zip", data: Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(40, 1)]) }], /b\.zip is not a readable zip file/, "map:errors.file_broken"],
    ["an unsupported projection", () => filesOf(shapefileParts(UTM_SQUARE, 'PROJCS["Custom",GEOGCS[', "odd")), /projection in odd\.prj is not supported/, "map:errors.projection_unsupported"],
    ["projected coordinates without a .prj", () => filesOf(shapefileParts(UTM_SQUARE, null, "noprj")), /not in degrees; add the layer's \.prj/, "map:errors.projection_missing"],
    ["GeoJSON that is not JSON", () => [{ field: "geojson", fileName: "bad.geojson", data: '{"type": "FeatureCollection", "features": [' }], /bad\.geojson is not valid JSON/, "map:errors.file_broken"],
    ["GeoJSON with an unknown CRS", () => [{ field: "geojson", fileName: "crs.geojson", data: geojsonOf(FOREST_BLOCKS, { crs: { type: "name", properties: { name: "LOCAL_GRID" } } }) }], /projection "LOCAL_GRID" of crs\.geojson is not supported/, "map:errors.projection_unsupported"],
    ["KML that is cut short", () => [{ field: "kml", fileName: "cut.kml", data: KML.slice(0, 200) }], /cut\.kml is not readable KML/, "map:errors.file_broken"],
    ["a file that is not a layer", () => [{ field: "doc", fileName: "notes.docx", data: "hello" }], /notes\.docx: \.docx files are not layers/, "map:errors.file_type"],
    ["no files", () => [], /Attach the layer's files/, "map:errors.files_required"],
  ])("%s: 400 naming what is wrong", async (_name, parts, message, key) => {
    const res = await upload(parts() as Part[]);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(error(res).message).toMatch(message);
    expect(error(res).fieldErrors?.files?.split("|")[0]).toBe(key);
  });

  it("metadata that does not fit the file: 400 naming the field", async () => {
    const zip = [{ field: "zip", fileName: "blocks.zip", data: zipOf(shapefileParts(FOREST_BLOCKS, null)) }];
    const res = await upload(zip, "admin", metadataOf({ titleColumn: "nom", colorBy: "colour" }));
    expect(res.status).toBe(400);
    expect(error(res)).toMatchObject({ code: "VALIDATION_FAILED", fieldErrors: { titleColumn: "map:errors.unknown_column", colorBy: "map:errors.unknown_column" } });
    expect(error(res).message).toContain('no attribute "nom"');
    const bad = await upload(zip, "admin", metadataOf({ layerName: "", license: "MINE", downloadAccess: "FRIENDS", layerType: "Hexagon" }));
    expect(error(bad).fieldErrors).toEqual({ layerName: "form:required", license: "form:invalid", downloadAccess: "form:invalid", layerType: "form:invalid" });
    expect((await upload(zip, "admin", null)).status).toBe(400);
    expect(error(await upload(zip, "admin", "{not json")).fieldErrors).toEqual({ metadata: "form:invalid" });
  });

  it("the wizard's preview shows the columns and first rows of the files, stores nothing, and is for administrators", async () => {
    const zip = [{ field: "zip", fileName: "blocks.zip", data: zipOf(shapefileParts(FOREST_BLOCKS, null)) }];
    const before = ((await get(`${L}/all`, "admin")).body as NakshaLayer[]).length;
    const preview = async (who: Who | null) => {
      const { body, contentType } = multipart(zip);
      return api.request("POST", `${L}/preview`, { headers: { "content-type": contentType, ...auth(who ?? undefined) }, body });
    };
    expect((await preview(null)).status).toBe(401);
    expect((await preview("member")).status).toBe(403);
    const res = await preview("admin");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: "VECTOR", layerType: "MULTIPOLYGON", featureCount: 3, bbox: [77.5, 12.9, 78, 13] });
    expect((res.body as { rows: unknown[] }).rows[2]).toEqual({ name: "ಹಸಿರು ಬನ", area_ha: 15.25, kind: "sacred grove" });
    // The shapes the preview map draws: every feature here (a large layer is cut at a number of corners).
    const { shapes, shapesShown } = res.body as LayerPreview;
    expect(shapesShown).toBe(3);
    expect(shapes.features.map((f) => [f.geometry.type, f.properties])).toEqual([["Polygon", null], ["Polygon", null], ["Polygon", null]]);
    expect(JSON.stringify(shapes)).toContain("77.5");
    expect(((await get(`${L}/all`, "admin")).body as NakshaLayer[]).length).toBe(before);
  });

  it("summary columns are matched regardless of case, as the reference lower-cases them", async () => {
    const res = await upload([{ field: "geojson", fileName: "b.geojson", data: geojsonOf([{ geometry: FOREST_BLOCKS[0]!.geometry, properties: { Name: "A", AreaHa: 3 } }]) }], "admin", metadataOf({ titleColumn: "name", summaryColumns: "areaha", colorBy: "" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ titleColumn: "Name", summaryColumns: ["AreaHa"], colorBy: null, legend: [] });
  });
});

describe(`[LAYERS] downloads follow the layer's access and are logged (${TEST_DB})`, () => {
  const download = (name: string, format: string, who?: Who, attributeList: string[] = []) =>
    sendJson(api, "POST", `${L}/download`, { layerName: name, layerTitle: "x", attributeList, filterArray: [], format }, { token: who ? tokens[who] : undefined });

  it("GeoJSON, a zipped Shapefile and CSV hold the features and the chosen attributes", async () => {
    const layer = await publishedLayer([{ field: "geojson", fileName: "blocks.geojson", data: geojsonOf(FOREST_BLOCKS) }], metadataOf({ layerName: "Downloadable" }));
    const geojson = await download(layer.name, "geojson");
    expect(geojson.status).toBe(200);
    expect(geojson.headers["content-disposition"]).toBe(`attachment; filename="${layer.name}.geojson"`);
    const collection = JSON.parse(geojson.raw.toString("utf8"));
    expect(collection.features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual(FOREST_BLOCKS.map((f) => f.properties.name));

    const shp = await download(layer.name, "shp", undefined, ["name", "area_ha"]);
    expect(shp.headers["content-type"]).toBe("application/zip");
    const files = unzipSync(new Uint8Array(shp.raw));
    expect(Object.keys(files).sort()).toEqual([".cpg", ".dbf", ".prj", ".shp", ".shx"].map((e) => `${layer.name}${e}`).sort());
    const rows = parseDbf(files[`${layer.name}.dbf`]!, "UTF-8");
    expect(rows).toEqual(FOREST_BLOCKS.map((f) => ({ name: f.properties.name, area_ha: f.properties.area_ha })));
    const shapes = parseShp(files[`${layer.name}.shp`]!);
    expect(shapes).toHaveLength(3);
    expect(shapes[0]!.type).toBe("Polygon");

    const csv = await download(layer.name, "csv", undefined, ["name", "kind"]);
    const lines = csv.raw.toString("utf8").replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("name,kind,WKT");
    expect(lines[1]).toBe('Devara Kadu,sacred grove,"POLYGON ((77.5 12.9, 77.6 12.9, 77.6 13, 77.5 13, 77.5 12.9))"');
    expect((await download(layer.name, "kmz")).status).toBe(400);
    expect((await download(layer.name, "csv", undefined, ["nope"])).status).toBe(400);
  });

  it("ALL: anyone; GROUP: signed-in members; PRIVATE: administrators; unpublished: administrators; every download logged", async () => {
    const make = async (access: string) =>
      (await publishedLayer([{ field: "geojson", fileName: "b.geojson", data: geojsonOf(FOREST_BLOCKS) }], metadataOf({ layerName: `Access ${access}`, downloadAccess: access }))).name;
    const group = await make("GROUP");
    const priv = await make("PRIVATE");
    expect((await download(group, "geojson")).status).toBe(401);
    expect((await download(group, "geojson", "member")).status).toBe(200);
    expect((await download(priv, "geojson")).status).toBe(401);
    expect((await download(priv, "geojson", "member")).status).toBe(403);
    expect((await download(priv, "csv", "admin")).status).toBe(200);
    const listed = ((await get(`${L}/all`, "member")).body as NakshaLayer[]).filter((l) => l.name === group || l.name === priv);
    expect(Object.fromEntries(listed.map((l) => [l.name, l.canDownload]))).toEqual({ [group]: true, [priv]: false });

    const pending = (await upload([{ field: "geojson", fileName: "b.geojson", data: geojsonOf(FOREST_BLOCKS) }], "admin", metadataOf({ layerName: "Pending download" }))).body as NakshaLayer;
    expect((await download(pending.name, "geojson")).status).toBe(404);
    expect((await download(pending.name, "geojson", "admin")).status).toBe(200);

    expect((await get(`${L}/download/logs`, "member")).status).toBe(403);
    const logs = (await get(`${L}/download/logs`, "admin")).body as Array<{ layerName: string; userName: string | null; format: string }>;
    expect(logs.slice(0, 3)).toEqual([
      expect.objectContaining({ layerName: pending.name, userName: SEED_USER_BY_ROLE.admin.name, format: "geojson" }),
      expect.objectContaining({ layerName: priv, userName: SEED_USER_BY_ROLE.admin.name, format: "csv" }),
      expect.objectContaining({ layerName: group, userName: SEED_USER_BY_ROLE.user.name, format: "geojson" }),
    ]);
  });

  it("deleting a layer removes it, its tiles and its features", async () => {
    const layer = await publishedLayer([{ field: "geojson", fileName: "b.geojson", data: geojsonOf(FOREST_BLOCKS) }], metadataOf({ layerName: "Short lived" }));
    const tile = `${L}/tiles/${layer.name}/${tileOf(77.55, 12.95, 12).join("/")}.pbf`;
    expect(decodeTile((await get(tile)).raw, layer.name)).toHaveLength(1);
    expect((await del(`${L}/${layer.name}`, "admin")).status).toBe(200);
    expect((await get(tile)).status).toBe(404);
    expect((await get(`${L}/onClick/${layer.name}`)).status).toBe(404);
    expect((await download(layer.name, "geojson", "admin")).status).toBe(404);
    expect(await api.db.query(`select 1 from naksha_layer_feature where layer_id = $1`, [layer.id])).toEqual([]);
  });
});

describe(`[LAYERS] GeoTIFF layers are drawn as an image over their extent (${TEST_DB})`, () => {
  it("a GeoTIFF becomes a raster layer with its extent and a PNG", async () => {
    const res = await upload([{ field: "tif", fileName: "heat.tif", data: await tinyGeoTiff() }], "admin", metadataOf({ layerName: "Heat", layerType: "Raster", titleColumn: "", summaryColumns: "", colorBy: "" }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const layer = res.body as NakshaLayer;
    expect(layer).toMatchObject({ layerType: "RASTER", tileUrl: null, bbox: [77, 12, 78, 13], imageUrl: `/nakshaIntegrator-api/api/layer/image/${layer.name}.png` });
    expect((await get(`${L}/image/${layer.name}.png`)).status).toBe(404);
    const image = await get(`${L}/image/${layer.name}.png`, "admin");
    expect(image.status).toBe(200);
    expect(image.raw.subarray(1, 4).toString("latin1")).toBe("PNG");
    const { default: sharp } = await import("sharp");
    expect(await sharp(image.raw).metadata()).toMatchObject({ width: 4, height: 2 });
    expect((await upload([{ field: "tif", fileName: "heat.tif", data: Buffer.from("II*\u0000garbage") }], "admin", metadataOf({ layerName: "Bad" }))).status).toBe(400);
  });
});
