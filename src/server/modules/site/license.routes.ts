/** resources-api/api/v1/license/all (reference §3.11): the portal's one licence list with the platform's ids. */
import { LICENSE_LIST } from "@/shared/licenses";
import { json, type Router } from "../../infra/http/router";

/** Clients keep the list for a day (the original front end caches it 24 h); it changes only with a release. */
const ONE_DAY = "public, max-age=86400";

export function registerLicenseRoutes(router: Router): void {
  router.get("resources", "/v1/license/all", () =>
    json(
      LICENSE_LIST.map(({ id, name, url }) => ({ id, name, url })),
      200,
      { "cache-control": ONE_DAY },
    ),
  );
}
