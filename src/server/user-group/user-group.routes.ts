import { parseId, parseLanguageId, queryValue } from "../http/params";
import { json, type Router } from "../http/router";
import { registerGroupMembershipRoutes } from "./group-membership.routes";
import { getGroup, listGroups } from "./user-group.service";

/** userGroup-api/api/v1/group/... (reference §3.2) */
export function registerUserGroupRoutes(router: Router): void {
  router.get("userGroup", "/v1/group/all", async ({ request, deps }) => {
    const languageId = parseLanguageId(queryValue(request.query, "languageId"));
    return json(await listGroups(deps.db, languageId));
  });

  router.get("userGroup", "/v1/group/:id/:languageId", async ({ params, deps }) => {
    const id = parseId(params.id, "id");
    const languageId = parseLanguageId(params.languageId);
    return json(await getGroup(deps.db, id, languageId));
  });

  registerGroupMembershipRoutes(router);
}
