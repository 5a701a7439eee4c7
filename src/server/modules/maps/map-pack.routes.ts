/**
 * Offline map packs (issue 32, item 5) under nakshaIntegrator-api, beside the layers' tiles:
 * - `GET mappack/{pack}`: the pack's area, zooms, tile count, estimated size and the addresses the
 *   browser keeps (`MapPackEstimate`, src/contracts/map-pack.ts);
 * - `GET mappack/{pack}/tiles/{z}/{x}/{y}.png[?v=version]`: a 256-px PNG tile inside the pack's area and
 *   zooms; with the current `v` cached for a year (immutable), else for five minutes;
 * - `GET mappack/{pack}/mbtiles`: the pack as an MBTiles 1.3 file (ODK Collect, Mapeo, QGIS).
 * `{pack}` is `site` or a group's id. Anyone may call them (a group's map is public, and a pack shows
 * only its public places); anonymous callers are bounded per address (map-pack.service.ts).
 */
import { optionalAccount } from "../accounts/account-context";
import { queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import type { RequestContext } from "../../infra/http/types";
import { mapPackEstimate, mapPackMbtiles, mapPackTile, parsePackRef, takeAnonymousBudget } from "./map-pack.service";

/** Counts an anonymous caller's request (signed-in callers are not counted; a token that is not valid counts as none). */
async function countAnonymous(ctx: RequestContext, kind: "estimate" | "tile" | "mbtiles"): Promise<void> {
  const caller = ctx.request.headers.authorization ? await optionalAccount(ctx) : null;
  if (!caller) takeAnonymousBudget(ctx.request.clientAddress?.trim() || undefined, kind);
}

export function registerMapPackRoutes(router: Router): void {
  router.get("nakshaIntegrator", "/mappack/:pack", async (ctx) => {
    const ref = parsePackRef(ctx.params.pack);
    await countAnonymous(ctx, "estimate");
    return json(await mapPackEstimate(ctx.deps, ref), 200, { "cache-control": "no-cache" });
  });

  router.get("nakshaIntegrator", "/mappack/:pack/tiles/:z/:x/:y", async (ctx) => {
    const ref = parsePackRef(ctx.params.pack);
    await countAnonymous(ctx, "tile");
    const { data, current } = await mapPackTile(ctx.deps, ref, { z: ctx.params.z!, x: ctx.params.x!, y: ctx.params.y! }, queryValue(ctx.request.query, "v"));
    return {
      status: 200,
      headers: { "content-type": "image/png", "cache-control": current ? "public, max-age=31536000, immutable" : "public, max-age=300" },
      body: data,
    };
  });

  router.get("nakshaIntegrator", "/mappack/:pack/mbtiles", async (ctx) => {
    const ref = parsePackRef(ctx.params.pack);
    await countAnonymous(ctx, "mbtiles");
    const pack = await mapPackMbtiles(ctx.deps, ref);
    return {
      status: 200,
      headers: {
        "content-type": "application/vnd.sqlite3",
        "content-disposition": `attachment; filename="${pack.fileName}"`,
        "content-length": String(pack.bytes),
        "cache-control": "no-cache",
        etag: `"${pack.version}"`,
      },
      body: "",
      file: pack.file,
    };
  });
}
