import { parseChoice, parseId, parseLanguageId, parseOptionalId, queryValue } from "../http/params";
import { json, type Router } from "../http/router";
import { getPage, getPageTree, type PageFormat } from "./page.service";

const FORMATS: readonly PageFormat[] = ["minimal", "full"];

/** pages-api/api/v1/page/... (reference §3.3) */
export function registerPageRoutes(router: Router): void {
  router.get("pages", "/v1/page/tree", async ({ request, deps }) => {
    const userGroupId = parseOptionalId(queryValue(request.query, "userGroupId"), "userGroupId");
    const languageId = parseLanguageId(queryValue(request.query, "languageId"));
    return json(await getPageTree(deps.db, userGroupId, languageId));
  });

  router.get("pages", "/v1/page/:id", async ({ request, params, deps }) => {
    const id = parseId(params.id, "id");
    const format = parseChoice(queryValue(request.query, "format"), "format", FORMATS, "minimal");
    return json(await getPage(deps.db, id, format));
  });
}
