import { parseBoolean, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import { parseDataQuery } from "./data-query";
import { chart } from "./data-chart.service";

/** GET cca-api/api/v1/data/chart (reference §3.5; issue 15): open, any data query; `isChart=true` for the statistics page. */
export function registerDataChartRoutes(router: Router): void {
  router.get("cca", "/v1/data/chart", async (ctx) => {
    const isChart = parseBoolean(queryValue(ctx.request.query, "isChart"), "isChart", false);
    return json(await chart(ctx.deps.db, parseDataQuery(ctx.request.query), isChart), 200, { "cache-control": "no-cache" });
  });
}
