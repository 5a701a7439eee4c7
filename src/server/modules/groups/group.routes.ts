import { FORM_ERRORS } from "@/contracts/field-errors";
import { requireAccount, requireAdminAccount } from "../accounts/account-context";
import { AppError } from "../../infra/http/app-error";
import { readJsonBody } from "../../infra/http/body";
import { parseId, parseLanguageId, queryValue } from "../../infra/http/params";
import { json, type Router } from "../../infra/http/router";
import { addAdministrators, BULK_REMOVE_MAX, createGroupAs, getAdministrators, getEditData, removeAdministrator, removeMembers, saveGroupAs } from "./group-admin.service";
import { changeGroupLabels, getGroupLabels } from "./group-labels.service";
import { registerGroupMembershipRoutes } from "./group-membership.routes";
import { getGroup, listGroups, listGroupsExpanded } from "./group.service";

// Answers that depend on the caller are never kept by shared caches.
const NO_STORE = { "cache-control": "no-store" };

/** userGroup-api/api/v1/group/... (reference §3.2) */
export function registerUserGroupRoutes(router: Router): void {
  router.get("userGroup", "/v1/group/all", async ({ request, deps }) => {
    const languageId = parseLanguageId(queryValue(request.query, "languageId"));
    return json(await listGroups(deps.db, languageId));
  });

  router.get("userGroup", "/v1/group/list/:languageId", async ({ params, deps }) => {
    return json(await listGroupsExpanded(deps.db, parseLanguageId(params.languageId)));
  });

  router.get("userGroup", "/v1/group/:id", async ({ params, deps }) => {
    return json(await getGroup(deps.db, parseId(params.id, "id"), parseLanguageId(undefined)));
  });

  router.get("userGroup", "/v1/group/:id/:languageId", async ({ params, deps }) => {
    const id = parseId(params.id, "id");
    const languageId = parseLanguageId(params.languageId);
    return json(await getGroup(deps.db, id, languageId));
  });

  router.post("userGroup", "/v1/group/create", async (ctx) => {
    const caller = await requireAdminAccount(ctx);
    return json(await createGroupAs(ctx.deps.db, caller, readJsonBody(ctx), ctx.deps.settings.siteUrl), 201, NO_STORE);
  });

  router.get("userGroup", "/v1/group/edit/:id", async (ctx) => {
    const caller = await requireAccount(ctx);
    return json(await getEditData(ctx.deps.db, caller, parseId(ctx.params.id, "id")), 200, NO_STORE);
  });

  router.put("userGroup", "/v1/group/edit/save/:id", async (ctx) => {
    const caller = await requireAccount(ctx);
    const id = parseId(ctx.params.id, "id");
    return json(await saveGroupAs(ctx.deps.db, caller, id, readJsonBody(ctx), ctx.deps.settings.siteUrl), 200, NO_STORE);
  });

  // Local Contexts labels (issue 30, item 3): read by anyone, set by the group's founders and admins.
  router.get("userGroup", "/v1/group/labels/:id", async (ctx) => json(await getGroupLabels(ctx.deps.db, parseId(ctx.params.id, "id")), 200, NO_STORE));
  router.put("userGroup", "/v1/group/labels/:id", async (ctx) => {
    const caller = await requireAccount(ctx);
    return json(await changeGroupLabels(ctx.deps.db, caller, parseId(ctx.params.id, "id"), readJsonBody(ctx)), 200, NO_STORE);
  });

  router.get("userGroup", "/v1/group/adminstration/members/:id", async ({ params, deps }) => {
    return json(await getAdministrators(deps.db, parseId(params.id, "id")));
  });

  router.post("userGroup", "/v1/group/add/members", async (ctx) => {
    const caller = await requireAccount(ctx);
    return json(await addAdministrators(ctx.deps.db, caller, readJsonBody(ctx)), 200, NO_STORE);
  });

  /*
   * A write on a GET, as the reference has it (kept for its clients). Not open to cross-site requests: the
   * platform authenticates by the Authorization header only, never by the BAToken cookie, and a cross-site
   * navigation cannot set a header (issue 27 item 16e). The portal itself sends the POST below, which takes
   * the same two ids as a JSON body `{userGroupId, userId}` (or in the query).
   */
  router.get("userGroup", "/v1/group/remove/members", async (ctx) => {
    const caller = await requireAccount(ctx);
    const groupId = parseId(queryValue(ctx.request.query, "userGroupId"), "userGroupId");
    const userId = parseId(queryValue(ctx.request.query, "userId"), "userId");
    return json(await removeAdministrator(ctx.deps.db, caller, groupId, userId), 200, NO_STORE);
  });
  router.post("userGroup", "/v1/group/remove/members", async (ctx) => {
    const caller = await requireAccount(ctx);
    const body = ctx.request.body?.length ? readJsonBody(ctx) : {};
    const pick = (name: string) => {
      const raw = body[name] ?? queryValue(ctx.request.query, name);
      return raw === undefined || raw === null ? undefined : String(raw);
    };
    const groupId = parseId(pick("userGroupId"), "userGroupId");
    const userId = parseId(pick("userId"), "userId");
    return json(await removeAdministrator(ctx.deps.db, caller, groupId, userId), 200, NO_STORE);
  });

  // The original's user list (bulk action): `userIds` a comma list (or repeated), `userGroupId`; body `{}`.
  router.put("userGroup", "/v1/group/remove/bulk/members", async (ctx) => {
    const caller = await requireAccount(ctx);
    const groupId = parseId(queryValue(ctx.request.query, "userGroupId"), "userGroupId");
    const raw = ctx.request.query.userIds;
    const ids = (Array.isArray(raw) ? raw : [raw ?? ""]).flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean);
    if (ids.length === 0) throw new AppError("VALIDATION_FAILED", "userIds names no user", { userIds: FORM_ERRORS.required });
    if (ids.length > BULK_REMOVE_MAX) throw new AppError("VALIDATION_FAILED", `userIds names more than ${BULK_REMOVE_MAX} users`, { userIds: FORM_ERRORS.invalid });
    return json(await removeMembers(ctx.deps.db, caller, groupId, ids.map((id) => parseId(id, "userIds"))), 200, NO_STORE);
  });

  registerGroupMembershipRoutes(router);
}
