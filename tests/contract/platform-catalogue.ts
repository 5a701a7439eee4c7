/**
 * Every call of the reference's catalogue (../shared/reference/platform-api.md §3, the tables and the
 * calls named in its notes; rows extracted once with a script, statuses by hand) and what this portal's
 * platform answers for it. `tests/integration/platform-catalogue.test.ts` calls every served row on the
 * platform router and fails on a 404 or 405, and checks the table is complete.
 *
 * - `served`: answered as the reference describes.
 * - `served differently`: answered, with a difference a client may notice (the reason says which).
 * - `not served`: the router has no such route (the reason says why, or which issue builds it).
 *
 * `path` is the reference's path after the service prefix (`{service}-api/api`), with its `{params}`;
 * `sample` is the call the test makes for an answered row (seeded ids, anonymous).
 */

export type CatalogueStatus = "served" | "served differently" | "not served";

export interface CatalogueRow {
  /** Section of the reference. */
  section: string;
  /** The router's service (`user` for `user-api/api`); `geoserver`, `biodiv` and `next` are not platform services. */
  service: string;
  /** "ANY" where the reference names a path without its method. */
  method: "GET" | "POST" | "PUT" | "DELETE" | "ANY";
  path: string;
  status: CatalogueStatus;
  reason?: string;
  sample?: string;
}

type Method = CatalogueRow["method"];

const served = (section: string, service: string, method: Method, path: string, sample: string): CatalogueRow => ({
  section,
  service,
  method,
  path,
  status: "served",
  sample,
});
const differs = (section: string, service: string, method: Method, path: string, reason: string, sample: string): CatalogueRow => ({
  section,
  service,
  method,
  path,
  status: "served differently",
  reason,
  sample,
});
const missing = (section: string, service: string, method: Method, path: string, reason: string): CatalogueRow => ({
  section,
  service,
  method,
  path,
  status: "not served",
  reason,
});

const ISSUE_13 = "issue 13 (participation), not built yet";
const ISSUE_14 = "issue 14 (curating CCA records), not built yet";
const ISSUE_15 = "issue 15 (home, statistics, announcements, admin), not built yet";
const ISSUE_16 = "issue 16 (documents), not built yet";
const ISO_DATES = "dates are ISO 8601 strings, not epoch milliseconds (the original front end's dayjs reads both)";

const U = "user-api/api";
const G = "userGroup-api/api/v1/group";
const P = "pages-api/api/v1/page";
const F = "files-api/api";

export const CATALOGUE: readonly CatalogueRow[] = [
  // 3.1 user-api ---------------------------------------------------------------------------------
  served("3.1", "user", "POST", "/v1/authenticate/signup", `${U}/v1/authenticate/signup`),
  served("3.1", "user", "POST", "/v1/authenticate/validate", `${U}/v1/authenticate/validate`),
  served("3.1", "user", "POST", "/v1/authenticate/regenerate-otp", `${U}/v1/authenticate/regenerate-otp`),
  served("3.1", "user", "POST", "/v1/authenticate/forgot-password", `${U}/v1/authenticate/forgot-password`),
  served("3.1", "user", "POST", "/v1/authenticate/reset-password", `${U}/v1/authenticate/reset-password`),
  served("3.1", "user", "POST", "/v1/authenticate/refresh-tokens", `${U}/v1/authenticate/refresh-tokens`),
  served("3.1", "user", "POST", "/v1/authenticate/change-password", `${U}/v1/authenticate/change-password`),
  served("3.1", "user", "GET", "/v1/user/ibp/autocomplete", `${U}/v1/user/ibp/autocomplete?name=a`),
  missing("3.1", "user", "GET", "/v1/user/autocomplete", "unused by the original front end; GET v1/user/ibp/autocomplete answers the same search"),
  served("3.1", "user", "GET", "/v1/user/ibp/{userId}", `${U}/v1/user/ibp/1`),
  served("3.1", "user", "GET", "/v1/user/bulk/ibp", `${U}/v1/user/bulk/ibp?userIds=1,7`),
  differs("3.1", "user", "PUT", "/v1/user/update/details", `answers the profile (${ISO_DATES}); e-mail and mobile number change for administrators only`, `${U}/v1/user/update/details`),
  missing("3.1", "user", "PUT", "/v1/user/update/emailPreferences", "the portal keeps no per-user e-mail preferences (read/profile states what it does: sendNotification true, hideEmial true, no digests or push)"),
  served("3.1", "user", "PUT", "/v1/user/update/image", `${U}/v1/user/update/image?id=1&profilePic=`),
  served("3.1", "user", "GET", "/v1/roles/all", `${U}/v1/roles/all`),
  differs("3.1", "user", "PUT", "/v1/user/update/roles", "administrators only (the original let users edit their own roles), 403 otherwise", `${U}/v1/user/update/roles`),
  differs("3.1", "user", "DELETE", "/v1/user/delete/{userId}", "refusals are 401/403 with an error body, not 200 with a text", `${U}/v1/user/delete/7`),
  differs("3.1", "user", "POST", "/v1/user/list/{index}/{type}", "the body's map polygon is not read (no user geometry is kept); aggregationData.taxonomyRole is always empty (no species taxonomy); e-mail and phone filters for administrators only", `${U}/v1/user/list/extended_user/_doc`),
  missing("3.1", "user", "GET", "/v1/downloadLog/list", `${ISSUE_16} (download logs, also written by issue 14's exports)`),
  differs("3.1", "user", "GET", "/v1/user/me", ISO_DATES, `${U}/v1/user/me`),
  missing("3.1", "user", "GET", "/v1/authenticate/validate-token", "not built: no client of the portal asks; any call with an expired token answers 401"),
  missing("3.1", "user", "GET", "/v1/authenticate/verification-config", "not built: the portal verifies by e-mail or SMS, whichever the account has"),
  served("3.1", "user", "POST", "/v1/authenticate/login", `${U}/v1/authenticate/login`),

  // 3.2 userGroup-api ----------------------------------------------------------------------------
  served("3.2", "userGroup", "POST", "/v1/group/login", `${G}/login`),
  differs("3.2", "userGroup", "GET", "/v1/group/all", "ordered by the groups' display order, not member count; adds nameLocal, displayOrder and slug", `${G}/all?languageId=205`),
  served("3.2", "userGroup", "GET", "/v1/group/member/{userGroupId}", `${G}/member/1`),
  served("3.2", "userGroup", "GET", "/v1/group/member/list", `${G}/member/list`),
  missing("3.2", "userGroup", "GET", "/v1/group/member/list/{userId}", `${ISSUE_14} (the microsites box of a record page)`),
  served("3.2", "userGroup", "GET", "/v1/group/list/{languageId}", `${G}/list/205`),
  served("3.2", "userGroup", "GET", "/v1/group/{userGroupId}", `${G}/1`),
  differs("3.2", "userGroup", "GET", "/v1/group/join/{userGroupId}", "answers JOINED / ALREADY_MEMBER / JOIN_REQUEST_SENT as JSON, not a text; closed groups get a join request", `${G}/join/1`),
  differs("3.2", "userGroup", "DELETE", "/v1/group/leave/{userGroupId}", "answers LEFT as JSON; 409 for a non-member or the last founder instead of 406", `${G}/leave/1`),
  served("3.2", "userGroup", "GET", "/v1/group/enable/edit/{userGroupId}", `${G}/enable/edit/1`),
  served("3.2", "userGroup", "POST", "/v1/group/create", `${G}/create`),
  served("3.2", "userGroup", "PUT", "/v1/group/edit/save/{userGroupId}", `${G}/edit/save/1`),
  served("3.2", "userGroup", "GET", "/v1/group/edit/{groupId}", `${G}/edit/1`),
  served("3.2", "userGroup", "GET", "/v1/group/adminstration/members/{groupId}", `${G}/adminstration/members/1`),
  differs("3.2", "userGroup", "POST", "/v1/group/add/members", "answers MEMBERS_ADDED as JSON; unknown users or e-mails are a 400", `${G}/add/members`),
  differs("3.2", "userGroup", "GET", "/v1/group/remove/members", "answers MEMBER_REMOVED as JSON; drops the founder/moderator role and keeps the membership", `${G}/remove/members?userGroupId=1&userId=8`),
  missing("3.2", "userGroup", "PUT", "/v1/group/remove/bulk/members", "not built yet (no issue): bulk removal from the user list; founders remove one member at a time from the group's edit screen"),
  missing("3.2", "userGroup", "POST", "/v1/group/validate/request", "replaced: join requests are approved or refused with PUT v1/group/request/approve|refuse/{id}/{userId} from the group's edit screen, no e-mailed encrypted token"),
  missing("3.2", "userGroup", "POST", "/v1/group/validate/members", "absent from the original back end too (reference §6.4)"),
  missing("3.2", "userGroup", "GET", "/v1/group/grouplist/admin", "absent from the original back end too (reference §6.4), unused"),
  missing("3.2", "userGroup", "GET", "/v1/group/homePage/{groupId}/{languageId}", ISSUE_15),
  missing("3.2", "userGroup", "PUT", "/v1/group/homePage/update/{userGroupId}", ISSUE_15),
  missing("3.2", "userGroup", "PUT", "/v1/group/homePage/insert/{userGroupId}", ISSUE_15),
  missing("3.2", "userGroup", "PUT", "/v1/group/homePage/edit/{userGroupId}/{galleryId}", ISSUE_15),
  missing("3.2", "userGroup", "PUT", "/v1/group/homePage/remove/{userGroupId}/{galleryId}", ISSUE_15),
  missing("3.2", "userGroup", "PUT", "/v1/group/homePage/reordering/{userGroupId}", ISSUE_15),
  missing("3.2", "userGroup", "PUT", "/v1/group/homePage/miniSlider/insert/{userGroupId}", ISSUE_15),
  missing("3.2", "userGroup", "PUT", "/v1/group/homePage/miniSlider/edit/{userGroupId}/{galleryId}", ISSUE_15),
  missing("3.2", "userGroup", "PUT", "/v1/group/homePage/miniSlider/remove/{userGroupId}/{sliderId}", ISSUE_15),
  missing("3.2", "userGroup", "PUT", "/v1/group/homePage/miniSlider/reordering/{userGroupId}", ISSUE_15),
  missing("3.2", "userGroup", "POST", "/v1/group/homePage/miniGallery/create/{groupId}", ISSUE_15),
  missing("3.2", "userGroup", "PUT", "/v1/group/homePage/miniGallery/edit/{groupId}/{galleryId}", ISSUE_15),
  missing("3.2", "userGroup", "DELETE", "/v1/group/homePage/miniGallery/remove/{groupId}/{galleryId}", ISSUE_15),

  // 3.3 pages-api --------------------------------------------------------------------------------
  served("3.3", "pages", "GET", "/v1/page/tree", `${P}/tree?languageId=205`),
  differs("3.3", "pages", "GET", "/v1/page/{pageId}", `a deleted page is 404; the full format adds userGroupId; ${ISO_DATES}`, `${P}/45?format=full`),
  served("3.3", "pages", "POST", "/v1/page", P),
  served("3.3", "pages", "PUT", "/v1/page", P),
  differs("3.3", "pages", "DELETE", "/v1/page/{pageId}", "the page's children move up to its parent instead of disappearing with it", `${P}/45`),
  differs("3.3", "pages", "PUT", "/v1/page/updateTree", "checked as a whole (cycles, unknown ids, other groups → 400) in one transaction", `${P}/updateTree`),
  served("3.3", "pages", "PUT", "/v1/page/gallery/remove/{pageId}/{galleryId}", `${P}/gallery/remove/45/1`),
  differs("3.3", "pages", "POST", "/v1/page/add/comment", "answers {id, body, createdOn, user} instead of the full Activity", `${P}/add/comment`),
  missing("3.3", "pages", "PUT", "/v1/page/gallery/reordering/{pageId}", "unused by the original front end; the gallery order (displayOrder) is saved with the page"),
  missing("3.3", "pages", "PUT", "/v1/page/updateParent", "unused by the original front end; parents change through updateTree"),
  missing("3.3", "pages", "POST", "/v1/page/delete/comment/{commentId}", "unused by the original front end; comments cannot be deleted yet"),

  // 3.4 files-api --------------------------------------------------------------------------------
  differs("3.4", "files", "POST", "/upload/resource-upload", "images, videos and audio accepted by their first bytes, images re-encoded without metadata; `site` for administrators only", `${F}/upload/resource-upload`),
  missing("3.4", "files", "POST", "/upload/my-uploads", ISSUE_16),
  missing("3.4", "files", "GET", "/upload/my-uploads", ISSUE_16),
  missing("3.4", "files", "POST", "/upload/remove-file", ISSUE_16),
  served("3.4", "files", "GET", "/get/crop/{directory}/{path}", `${F}/get/crop/pages/seed/gallery/sacred-grove.jpg?w=100&h=100`),
  served("3.4", "files", "GET", "/get/raw/{directory}/{path}", `${F}/get/raw/pages/seed/gallery/sacred-grove.jpg`),
  missing("3.4", "biodiv", "GET", "/content/documents/{path}", `${ISSUE_16} (document files)`),

  // 3.5 cca-api ----------------------------------------------------------------------------------
  differs("3.5", "cca", "GET", "/v1/template/{shortName}", "a missing or deleted template is a 404 JSON error (the reference answered 200 with a string); dates are ISO strings", "cca-api/api/v1/template/master?language=en"),
  differs("3.5", "cca", "GET", "/v1/template/all", "signed-in callers only; admins and template curators see every template, others those whose permissions name one of their roles; `isDeleted=true` lists deleted ones for writers", "cca-api/api/v1/template/all?language=en"),
  differs("3.5", "cca", "POST", "/v1/template/save", "admins and template curators only; answers 201; a taken short name is 409 SHORT_NAME_TAKEN", "cca-api/api/v1/template/save"),
  differs("3.5", "cca", "PUT", "/v1/template/update", "admins and template curators only; in a language other than English only that language's texts are taken", "cca-api/api/v1/template/update"),
  served("3.5", "cca", "GET", "/v1/template/pullMasterTranslation", "cca-api/api/v1/template/pullMasterTranslation?templateId=1&language=hi"),
  differs("3.5", "cca", "DELETE", "/v1/template/delete/{shortName}", "a soft delete that hides the template's records too (restore brings both back); the master template cannot be deleted (409)", "cca-api/api/v1/template/delete/master"),
  differs("3.5", "cca", "POST", "/v1/template/comment", "admins and template curators only (the reference let any signed-in user comment)", "cca-api/api/v1/template/comment"),
  served("3.5", "cca", "GET", "/v1/template/filter/fields", "cca-api/api/v1/template/filter/fields"),
  differs("3.5", "cca", "GET", "/v1/template/filter/chart/fields", "the fields marked for charts in the editor (a field flag), not a fixed list of ids", "cca-api/api/v1/template/filter/chart/fields"),
  differs("3.5", "cca", "GET", "/v1/data/{id}", "a missing or deleted record is a 404 JSON error; GENERALISED/HIDDEN geometry fields come as the 0.1° cell or null (listed in `restrictedFields`) except for the record's editors", "cca-api/api/v1/data/1"),
  missing("3.5", "cca", "POST", "/v1/data/save", ISSUE_13),
  missing("3.5", "cca", "PUT", "/v1/data/update", ISSUE_14),
  missing("3.5", "cca", "PUT", "/v1/data/update/location", ISSUE_14),
  missing("3.5", "cca", "PUT", "/v1/data/update/followers", ISSUE_14),
  missing("3.5", "cca", "PUT", "/v1/data/update/permission", ISSUE_14),
  missing("3.5", "cca", "PUT", "/v1/data/update/usergroup", ISSUE_14),
  missing("3.5", "cca", "DELETE", "/v1/data/delete/{id}", ISSUE_14),
  missing("3.5", "cca", "POST", "/v1/data/comment", ISSUE_14),
  missing("3.5", "cca", "POST", "/v1/data/request", ISSUE_14),
  missing("3.5", "cca", "POST", "/v1/data/grant", ISSUE_14),
  differs("3.5", "cca", "GET", "/v1/data/list", "paged by offset/limit (default and at most 100); malformed parameters are 400 VALIDATION_FAILED", "cca-api/api/v1/data/list?id=1"),
  differs("3.5", "cca", "GET", "/v1/data/myList/", "without `userId` the signed-in caller's records (400 for a visitor)", "cca-api/api/v1/data/myList?userId=1"),
  missing("3.5", "cca", "GET", "/v1/data/all", ISSUE_14),
  missing("3.5", "cca", "POST", "/v1/data/all/download", ISSUE_14),
  served("3.5", "cca", "GET", "/v1/data/aggregation", "cca-api/api/v1/data/aggregation?language=en"),
  missing("3.5", "cca", "GET", "/v1/data/chart", ISSUE_15),
  differs("3.5", "cca", "GET", "/v1/data/search", "`totalCount` is the real total; `query` is optional (absent = everything) and matches word prefixes, case- and accent-insensitive; limit at most 100", "cca-api/api/v1/data/search?query=sacr"),
  differs("3.5", "cca", "GET", "/v1/data/search/map", "answers without `query` too; points are public centroids (a GENERALISED field counts as its cell centre, a HIDDEN one not at all)", "cca-api/api/v1/data/search/map"),
  served("3.5", "cca", "GET", "/v1/data/summary/{id}", "cca-api/api/v1/data/summary/1"),
  served("3.5", "cca", "GET", "/v1/data/map/info", "cca-api/api/v1/data/map/info"),
  served("3.5", "cca", "GET", "/v1/data/page", "cca-api/api/v1/data/page?offset=0&limit=10"),
  missing("3.5", "cca", "PUT", "/v1/data/restore/{id}", ISSUE_14),
  missing("3.5", "cca", "DELETE", "/v1/data/delete/deep/{id}", `${ISSUE_14} (unused by the original front end)`),
  missing("3.5", "cca", "POST", "/v1/data/upload", "not planned: CSV import, unused by the original front end"),
  missing("3.5", "cca", "POST", "/v1/data/bulkUpload", "not planned: unused by the original front end"),
  missing("3.5", "cca", "PUT", "/v1/data/update/bulk/usergroup", "not planned: unused by the original front end"),
  served("3.5", "cca", "PUT", "/v1/template/restore/{shortName}", "cca-api/api/v1/template/restore/master"),
  missing("3.5", "cca", "DELETE", "/v1/template/delete/deep/{shortName}", "unused by the original front end; templates are only ever soft-deleted, so that records keep their answers"),
  missing("3.5", "cca", "GET", "/v1/template/fieldids", "unused by the original front end; `filter/fields` gives the fields with their ids"),

  // 3.6 document-api -----------------------------------------------------------------------------
  ...[
    ["POST", "/v1/services/list/{index}/{type}"],
    ["GET", "/v1/services/show/{id}"],
    ["GET", "/v1/services/edit/{id}"],
    ["PUT", "/v1/services/create"],
    ["PUT", "/v1/services/update"],
    ["DELETE", "/v1/services/delete/{id}"],
    ["GET", "/v1/services/bib/item/all"],
    ["GET", "/v1/services/bib/fields/{itemId}"],
    ["POST", "/v1/services/upload/bib"],
    ["POST", "/v1/services/follow/{id}"],
    ["POST", "/v1/services/unfollow/{id}"],
    ["POST", "/v1/services/flag/{id}"],
    ["PUT", "/v1/services/unflag/{id}/{flagId}"],
    ["GET", "/v1/services/tags/autocomplete"],
    ["PUT", "/v1/services/update/tags"],
    ["PUT", "/v1/services/update/usergroup/{id}"],
    ["POST", "/v1/services/featured"],
    ["PUT", "/v1/services/unfeatured/{id}"],
    ["GET", "/v1/services/permission/{id}"],
    ["POST", "/v1/services/log/download"],
    ["POST", "/v1/services/add/comment"],
    ["GET", "/v1/services/language"],
    ["ANY", "/v1/services/update/{coverageType}/{id}"],
    ["ANY", "/v1/services/names/{id}"],
    ["ANY", "/v1/services/deletename/{id}"],
  ].map(([method, path]) => missing("3.6", "document", method as Method, path!, ISSUE_16)),

  // 3.7 activity-api -----------------------------------------------------------------------------
  differs("3.7", "activity", "GET", "/v1/service/ibp/{objectType}/{objectId}", "objectType page and ccaTemplate so far (ccaData: issue 14, document: issue 16); the count is `totalCount`, items are the comments", "activity-api/api/v1/service/ibp/page/45?offset=0&limit=3"),
  missing("3.7", "activity", "POST", "/v1/service/add/comment/{commentType}", "internal between the original's services; comments are written through their owner (pages-api v1/page/add/comment)"),

  // 3.8 utility-api ------------------------------------------------------------------------------
  ...[
    ["GET", "/v1/services/homePage"],
    ["PUT", "/v1/services/homePage/insert"],
    ["PUT", "/v1/services/homePage/create"],
    ["PUT", "/v1/services/homePage/edit/{galleryId}"],
    ["DELETE", "/v1/services/homePage/remove/{galleryId}"],
    ["PUT", "/v1/services/homePage/reorder"],
    ["PUT", "/v1/services/homePage/insert/miniSlider"],
    ["PUT", "/v1/services/homePage/edit/miniSlider/{galleryId}"],
    ["DELETE", "/v1/services/homePage/remove/miniSlider/{galleryId}"],
    ["PUT", "/v1/services/homePage/miniSlider/reorder"],
    ["POST", "/v1/services/homePage/miniGallery/create"],
    ["PUT", "/v1/services/homePage/miniGallery/edit/{galleryId}"],
    ["DELETE", "/v1/services/homePage/miniGallery/remove/{galleryId}"],
  ].map(([method, path]) => missing("3.8", "utility", method as Method, path!, ISSUE_15)),
  differs("3.8", "utility", "GET", "/v1/services/announcement/active", "always [] until issue 15 stores announcements", "utility-api/api/v1/services/announcement/active"),
  missing("3.8", "utility", "GET", "/v1/services/announcement/all", ISSUE_15),
  missing("3.8", "utility", "POST", "/v1/services/homePage/announcement/create", ISSUE_15),
  missing("3.8", "utility", "PUT", "/v1/services/announcement/edit/{announcementId}", ISSUE_15),
  missing("3.8", "utility", "DELETE", "/v1/services/announcement/remove/{announcementId}", ISSUE_15),
  missing("3.8", "utility", "GET", "/v1/services/habitat/all", "not planned: unused by the original front end, the portal has no habitat list"),
  missing("3.8", "utility", "GET", "/v1/languages/fieldHeader", "not planned: unused by the original front end, no species fields"),

  // 3.9 nakshaIntegrator-api and GeoServer -------------------------------------------------------
  served("3.9", "nakshaIntegrator", "GET", "/layer/locationInfo", "nakshaIntegrator-api/api/layer/locationInfo?lat=12.97&lon=77.59"),
  differs("3.9", "nakshaIntegrator", "POST", "/layer/upload", "the reference's metadata and files; answers the new layer (201, unpublished); Shapefile sets zipped or loose, GeoJSON, KML/KMZ and GeoTIFF; 400 naming a missing part, a broken file or an unsupported projection", "nakshaIntegrator-api/api/layer/upload"),
  differs("3.9", "nakshaIntegrator", "GET", "/layer/all", "published layers (administrators also see unpublished ones) with their metadata, columns, legend, `tileUrl` or `imageUrl` and `canDownload`; `thumbnail` is null", "nakshaIntegrator-api/api/layer/all"),
  differs("3.9", "nakshaIntegrator", "GET", "/layer/onClick/{layerName}", "adds `colorBy` and `legend`", "nakshaIntegrator-api/api/layer/onClick/india_states"),
  differs("3.9", "nakshaIntegrator", "PUT", "/layer/active/{id}", "answers the layer; `{id}` may also be the layer's name", "nakshaIntegrator-api/api/layer/active/1"),
  differs("3.9", "nakshaIntegrator", "PUT", "/layer/pending/{id}", "answers the layer; `{id}` may also be the layer's name", "nakshaIntegrator-api/api/layer/pending/1"),
  differs("3.9", "nakshaIntegrator", "DELETE", "/layer/{id}", "answers the deleted layer; its features and tiles go with it", "nakshaIntegrator-api/api/layer/1"),
  differs("3.9", "nakshaIntegrator", "POST", "/layer/download", "answers the file at once (GeoJSON, zipped Shapefile or CSV by `format`) instead of mailing it, by the layer's download access; logged (`GET layer/download/logs`)", "nakshaIntegrator-api/api/layer/download"),
  missing("3.9", "geoserver", "GET", "/geoserver/workspaces/{ws}/styles/{layer}_{style}.mbstyle", "no GeoServer: the map styles a layer from `layer/all` (colour-by column and legend)"),
  missing("3.9", "geoserver", "GET", "/gwc/service/tms/1.0.0/{ws}:{layer}@EPSG%3A900913@pbf/{z}/{x}/{y}.pbf", "no GeoServer: the portal serves the tiles at nakshaIntegrator-api/api/layer/tiles/{layerName}/{z}/{x}/{y}.pbf (XYZ rows, cached)"),

  // 3.10–3.12 ------------------------------------------------------------------------------------
  missing("3.10", "esmodule", "GET", "/v1/services/filterautocomplete/{index}/er", "not built (no issue): the portal has no search cluster; its name filters use user-api v1/user/ibp/autocomplete"),
  served("3.11", "resources", "GET", "/v1/license/all", "resources-api/api/v1/license/all"),
  differs("3.12", "cca-integrator", "GET", "/v1/services/read/profile/{userId}", `the profile of user-api GET v1/user/{id} in the reference's User shape + isAdmin; e-mail and mobile number only for the user and administrators; ${ISO_DATES}`, "cca-integrator-api/api/v1/services/read/profile/7"),

  // 3.13 the original front end's own Next.js routes (not platform calls) -------------------------
  missing("3.13", "next", "GET", "/api/memory-cache/clear", "not needed: every write invalidates the portal's caches itself"),
  missing("3.13", "next", "GET", "/api/meta", "not built (no issue): link cards in page content"),
  missing("3.13", "next", "GET", "/api/youtube-meta", "not built (no issue): link cards in page content"),
  missing("3.13", "next", "GET", "/api/avatar", "not needed: the portal draws initials avatars itself"),
  missing("3.13", "next", "GET", "/api/go", "not built on purpose: a URL that sets a session token invites session fixation"),
  missing("3.13", "next", "GET", "/api/sitemap.xml", `${ISSUE_15} (sitemap)`),
  missing("3.13", "next", "GET", "/api/manifest.json", "referenced but absent in the original too"),
];

/**
 * Rows per service and section as the reference has them (its tables, the calls named in its notes, the
 * two-path rows split), so a row dropped or added by mistake fails the test.
 */
export const EXPECTED_ROWS: Readonly<Record<string, number>> = {
  "3.1 user": 23,
  "3.2 userGroup": 33,
  "3.3 pages": 11,
  "3.4 files": 6,
  "3.4 biodiv": 1,
  "3.5 cca": 39,
  "3.6 document": 25,
  "3.7 activity": 2,
  "3.8 utility": 20,
  "3.9 nakshaIntegrator": 8,
  "3.9 geoserver": 2,
  "3.10 esmodule": 1,
  "3.11 resources": 1,
  "3.12 cca-integrator": 1,
  "3.13 next": 7,
};
