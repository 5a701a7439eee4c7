/** cca-integrator-api/api/v1/services/read/profile/{userId} (reference §3.12): the profile screens of the original front end. */
import { parseId } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import { optionalAccount } from "./account-context";
import { getReferenceProfile } from "./user.service";

export function registerIntegratorRoutes(router: Router): void {
  router.get("cca-integrator", "/v1/services/read/profile/:userId", async (ctx) => {
    const id = parseId(ctx.params.userId, "userId");
    const caller = await optionalAccount(ctx);
    // Contact details vary with the caller: never shared by caches (as user-api's GET v1/user/{id}).
    return json(await getReferenceProfile(ctx.deps.db, caller, id), 200, caller ? { "cache-control": "no-store" } : {});
  });
}
