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

const ISSUE_14 = "issue 14 (curating CCA records), not built yet";
const GROUP_HOME =
  "admins and the group's founders, mini galleries included (the original let any signed-in user change them); one row per slide holds every language's texts (`sliderId` = `id`)";
const ANNOUNCEMENT_WRITES =
  "administrators only (the original let any signed-in user write them); English text required, HTML sanitised, colours refused below a 4.5:1 contrast";
const ISO_DATES = "dates are ISO 8601 strings, not epoch milliseconds (the original front end's dayjs reads both)";

const U = "user-api/api";
const G = "userGroup-api/api/v1/group";
const P = "pages-api/api/v1/page";
const F = "files-api/api";
const DOC = "document-api/api/v1/services";

export const CATALOGUE: readonly CatalogueRow[] = [
  // 3.1 user-api ---------------------------------------------------------------------------------
  differs("3.1", "user", "POST", "/v1/authenticate/signup", "`user` is `{id, email, mobileNumber}` with `id` = the contact the code went to, never the account's id (the same answer whether or not an account exists); validate, regenerate-otp and reset-password read that `id` back", `${U}/v1/authenticate/signup`),
  served("3.1", "user", "POST", "/v1/authenticate/validate", `${U}/v1/authenticate/validate`),
  served("3.1", "user", "POST", "/v1/authenticate/regenerate-otp", `${U}/v1/authenticate/regenerate-otp`),
  differs("3.1", "user", "POST", "/v1/authenticate/forgot-password", "`user.id` is the contact typed, never the account's id (the same answer for an unknown contact); reset-password reads it back", `${U}/v1/authenticate/forgot-password`),
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
  differs("3.1", "user", "GET", "/v1/downloadLog/list", "a visitor without a token gets an empty list (a bad token 401); signed in, the caller's own exports and document downloads (one log), everyone's for administrators (the reference listed everybody's to anyone); `{count, offset, limit, downloadLogList, aggregate}`, `sourceType` ccaData|document|all filters on the server, exports with progress (`status`, `total`, `done`); `document-api/api/v1/services/log/download/list` is the same list, documents by default; one export's progress at `GET v1/downloadLog/{id}` (its exporter or an admin)", `${U}/v1/downloadLog/list`),
  differs("3.1", "user", "GET", "/v1/user/me", ISO_DATES, `${U}/v1/user/me`),
  missing("3.1", "user", "GET", "/v1/authenticate/validate-token", "not built: no client of the portal asks; any call with an expired token answers 401"),
  missing("3.1", "user", "GET", "/v1/authenticate/verification-config", "not built: the portal verifies by e-mail or SMS, whichever the account has"),
  served("3.1", "user", "POST", "/v1/authenticate/login", `${U}/v1/authenticate/login`),

  // 3.2 userGroup-api ----------------------------------------------------------------------------
  served("3.2", "userGroup", "POST", "/v1/group/login", `${G}/login`),
  differs("3.2", "userGroup", "GET", "/v1/group/all", "ordered by the groups' display order, not member count; adds nameLocal, displayOrder and slug; a group without a logo has the default logo `/default/group.svg` (served in `userGroups`), never null", `${G}/all?languageId=205`),
  served("3.2", "userGroup", "GET", "/v1/group/member/{userGroupId}", `${G}/member/1`),
  served("3.2", "userGroup", "GET", "/v1/group/member/list", `${G}/member/list`),
  differs("3.2", "userGroup", "GET", "/v1/group/member/list/{userId}", "open as in the reference, but an account the user list hides (locked, disabled, deleted) has every group false unless the caller is that account or an admin", `${G}/member/list/7`),
  served("3.2", "userGroup", "GET", "/v1/group/list/{languageId}", `${G}/list/205`),
  served("3.2", "userGroup", "GET", "/v1/group/{userGroupId}", `${G}/1`),
  differs("3.2", "userGroup", "GET", "/v1/group/join/{userGroupId}", "answers JOINED / ALREADY_MEMBER / JOIN_REQUEST_SENT as JSON, not a text; closed groups get a join request", `${G}/join/1`),
  differs("3.2", "userGroup", "DELETE", "/v1/group/leave/{userGroupId}", "answers LEFT as JSON; 409 for a non-member or the last founder instead of 406", `${G}/leave/1`),
  served("3.2", "userGroup", "GET", "/v1/group/enable/edit/{userGroupId}", `${G}/enable/edit/1`),
  differs("3.2", "userGroup", "POST", "/v1/group/create", "the original's body (`name`, `description`, `languageId`, no address) is read as the translation of that language and an address made from the name; answers 201", `${G}/create`),
  served("3.2", "userGroup", "PUT", "/v1/group/edit/save/{userGroupId}", `${G}/edit/save/1`),
  served("3.2", "userGroup", "GET", "/v1/group/edit/{groupId}", `${G}/edit/1`),
  served("3.2", "userGroup", "GET", "/v1/group/adminstration/members/{groupId}", `${G}/adminstration/members/1`),
  differs("3.2", "userGroup", "POST", "/v1/group/add/members", "answers MEMBERS_ADDED as JSON; unknown users or e-mails are a 400", `${G}/add/members`),
  differs("3.2", "userGroup", "GET", "/v1/group/remove/members", "answers MEMBER_REMOVED as JSON; drops the founder/moderator role and keeps the membership", `${G}/remove/members?userGroupId=1&userId=8`),
  differs("3.2", "userGroup", "PUT", "/v1/group/remove/bulk/members", "answers `{status, message: MEMBERS_REMOVED, removed}` as JSON; only the users named in `userIds` leave (`selectAll` is not read); 409 LAST_FOUNDER instead of leaving the group without a founder", `${G}/remove/bulk/members?userIds=8&userGroupId=1`),
  missing("3.2", "userGroup", "POST", "/v1/group/validate/request", "replaced: join requests are approved or refused with PUT v1/group/request/approve|refuse/{id}/{userId} from the group's edit screen, no e-mailed encrypted token"),
  missing("3.2", "userGroup", "POST", "/v1/group/validate/members", "absent from the original back end too (reference §6.4)"),
  missing("3.2", "userGroup", "GET", "/v1/group/grouplist/admin", "absent from the original back end too (reference §6.4), unused"),
  differs("3.2", "userGroup", "GET", "/v1/group/homePage/{groupId}/{languageId}", "adds `adminList=true` (admins and the group's founders): hidden items and every language's texts; one row per slide holds every language", `${G}/homePage/1/205`),
  differs("3.2", "userGroup", "PUT", "/v1/group/homePage/update/{userGroupId}", GROUP_HOME, `${G}/homePage/update/1`),
  differs("3.2", "userGroup", "PUT", "/v1/group/homePage/insert/{userGroupId}", GROUP_HOME, `${G}/homePage/insert/1`),
  differs("3.2", "userGroup", "PUT", "/v1/group/homePage/edit/{userGroupId}/{galleryId}", GROUP_HOME, `${G}/homePage/edit/1/1`),
  differs("3.2", "userGroup", "PUT", "/v1/group/homePage/remove/{userGroupId}/{galleryId}", GROUP_HOME, `${G}/homePage/remove/1/1`),
  differs("3.2", "userGroup", "PUT", "/v1/group/homePage/reordering/{userGroupId}", GROUP_HOME, `${G}/homePage/reordering/1`),
  differs("3.2", "userGroup", "PUT", "/v1/group/homePage/miniSlider/insert/{userGroupId}", GROUP_HOME, `${G}/homePage/miniSlider/insert/1`),
  differs("3.2", "userGroup", "PUT", "/v1/group/homePage/miniSlider/edit/{userGroupId}/{galleryId}", GROUP_HOME, `${G}/homePage/miniSlider/edit/1/1`),
  differs("3.2", "userGroup", "PUT", "/v1/group/homePage/miniSlider/remove/{userGroupId}/{sliderId}", GROUP_HOME, `${G}/homePage/miniSlider/remove/1/1`),
  differs("3.2", "userGroup", "PUT", "/v1/group/homePage/miniSlider/reordering/{userGroupId}", GROUP_HOME, `${G}/homePage/miniSlider/reordering/1`),
  differs("3.2", "userGroup", "POST", "/v1/group/homePage/miniGallery/create/{groupId}", GROUP_HOME, `${G}/homePage/miniGallery/create/1`),
  differs("3.2", "userGroup", "PUT", "/v1/group/homePage/miniGallery/edit/{groupId}/{galleryId}", GROUP_HOME, `${G}/homePage/miniGallery/edit/1/1`),
  differs("3.2", "userGroup", "DELETE", "/v1/group/homePage/miniGallery/remove/{groupId}/{galleryId}", GROUP_HOME, `${G}/homePage/miniGallery/remove/1/1`),

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
  differs("3.4", "files", "POST", "/upload/my-uploads", "PDF files (at most 50 MB) and MP4, MOV or WebM videos (100 MB), accepted by their first bytes; `type` is the MIME type", `${F}/upload/my-uploads`),
  differs("3.4", "files", "GET", "/upload/my-uploads", "the caller's uploads no document uses yet, newest first", `${F}/upload/my-uploads?module=document`),
  differs("3.4", "files", "POST", "/upload/remove-file", "the caller's own uploads (administrators: any); 409 for a file a document uses", `${F}/upload/remove-file`),
  served("3.4", "files", "GET", "/get/crop/{directory}/{path}", `${F}/get/crop/userGroups//logos/chilika.svg?w=128&preserve=true`),
  served("3.4", "files", "GET", "/get/raw/{directory}/{path}", `${F}/get/raw/pages//seed/gallery/sacred-grove.jpg`),
  missing("3.4", "biodiv", "GET", "/content/documents/{path}", "document files are served by files-api `get/raw/myUploads/{path}` (ranges included)"),

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
  differs("3.5", "cca", "POST", "/v1/data/save", "the original's encodings are read first (an option left empty and `[]` for no geometry are no answer; date-times, absolute file URLs, `CC-BY` licences: docs/compatibility.md); values checked by the shared rule module (400 with `fieldErrors` per field id); groups the caller is not a member of are refused (400), not dropped; 404 for an unknown template, 403 without one of its roles", "cca-api/api/v1/data/save"),
  differs("3.5", "cca", "PUT", "/v1/data/update", "the encodings of data/save are read the same way; values checked by the rules of data/save (400 with `fieldErrors` per field id; a required field cannot be emptied); one \"Field updated\" activity per changed field with its old and new value; 404 for a missing or deleted record", "cca-api/api/v1/data/update"),
  served("3.5", "cca", "PUT", "/v1/data/update/location", "cca-api/api/v1/data/update/location"),
  differs("3.5", "cca", "PUT", "/v1/data/update/followers", "signed-in callers, for themselves only (a `followers` list naming someone else is 403); 404 for a missing record", "cca-api/api/v1/data/update/followers"),
  differs("3.5", "cca", "PUT", "/v1/data/update/permission", "the owner, data curators and admins (403 else); unknown users are 400; additions and removals are written to the record's history and new editors told to its followers", "cca-api/api/v1/data/update/permission"),
  differs("3.5", "cca", "PUT", "/v1/data/update/usergroup", "groups outside the caller's reach are dropped silently both ways: not added, and not taken away when left out (admins reach every live group)", "cca-api/api/v1/data/update/usergroup"),
  served("3.5", "cca", "DELETE", "/v1/data/delete/{id}", "cca-api/api/v1/data/delete/1"),
  differs("3.5", "cca", "POST", "/v1/data/comment", "400 for a blank comment or one over 2000 characters (the reference answered 406); 404 for a missing record", "cca-api/api/v1/data/comment"),
  differs("3.5", "cca", "POST", "/v1/data/request", "message required, at most 200 characters (400); an editor asking, or a second request while one is pending, is 409; the link's token is signed, single-use and valid 7 days; messages go through the outbox (never 304)", "cca-api/api/v1/data/request"),
  differs("3.5", "cca", "POST", "/v1/data/grant", "the record's owner too (not only admins and data curators); a forged, unknown, used or expired token is 400 VALIDATION_FAILED with `fieldErrors.token` saying which", "cca-api/api/v1/data/grant"),
  differs("3.5", "cca", "GET", "/v1/data/list", "paged by offset/limit (default and at most 100); malformed parameters are 400 VALIDATION_FAILED", "cca-api/api/v1/data/list?id=1"),
  differs("3.5", "cca", "GET", "/v1/data/myList/", "without `userId` the signed-in caller's records (400 for a visitor)", "cca-api/api/v1/data/myList?userId=1"),
  differs("3.5", "cca", "GET", "/v1/data/all", "the reference's bare array of CCAData (summary and FILE values; projectAll=true every value), newest first, values in their public form; admins, data curators and template curators only (401/403; the reference left it open, its screen is theirs); not paged, as in the reference, but streamed in pages of 500 records so 100,000 never sit in memory; the portal's own table screen pages and sorts on the server at `GET v1/data/table`", "cca-api/api/v1/data/all?shortName=master&projectAll=false"),
  differs("3.5", "cca", "POST", "/v1/data/all/download", "same roles as data/all; `format` csv|xlsx|geojson, `notes` required (≤ 200) in the query or a JSON body; 202 with the DownloadLog; the file is written in the background and fetched from `GET v1/data/all/download/{id}` (its exporter or an admin), not mailed", "cca-api/api/v1/data/all/download?shortName=master&notes=x"),
  served("3.5", "cca", "GET", "/v1/data/aggregation", "cca-api/api/v1/data/aggregation?language=en"),
  differs("3.5", "cca", "GET", "/v1/data/chart", "numericAggregation is a summary per number chart field (count, sum, min, max, distribution), not one entry per record; chart fields are the template's isChart fields, not five fixed ids; `query` may be left out", "cca-api/api/v1/data/chart?query=&isChart=true"),
  differs("3.5", "cca", "GET", "/v1/data/search", "`totalCount` is the real total; `query` is optional (absent = everything) and matches word prefixes, case- and accent-insensitive; limit at most 100", "cca-api/api/v1/data/search?query=sacr"),
  differs("3.5", "cca", "GET", "/v1/data/search/map", "answers without `query` too; points are public centroids (a GENERALISED field counts as its cell centre, a HIDDEN one not at all)", "cca-api/api/v1/data/search/map"),
  served("3.5", "cca", "GET", "/v1/data/summary/{id}", "cca-api/api/v1/data/summary/1"),
  served("3.5", "cca", "GET", "/v1/data/map/info", "cca-api/api/v1/data/map/info"),
  served("3.5", "cca", "GET", "/v1/data/page", "cca-api/api/v1/data/page?offset=0&limit=10"),
  served("3.5", "cca", "PUT", "/v1/data/restore/{id}", "cca-api/api/v1/data/restore/1"),
  missing("3.5", "cca", "DELETE", "/v1/data/delete/deep/{id}", `${ISSUE_14} (unused by the original front end)`),
  missing("3.5", "cca", "POST", "/v1/data/upload", "not planned: CSV import, unused by the original front end"),
  missing("3.5", "cca", "POST", "/v1/data/bulkUpload", "not planned: unused by the original front end"),
  missing("3.5", "cca", "PUT", "/v1/data/update/bulk/usergroup", "not planned: unused by the original front end"),
  served("3.5", "cca", "PUT", "/v1/template/restore/{shortName}", "cca-api/api/v1/template/restore/master"),
  missing("3.5", "cca", "DELETE", "/v1/template/delete/deep/{shortName}", "unused by the original front end; templates are only ever soft-deleted, so that records keep their answers"),
  missing("3.5", "cca", "GET", "/v1/template/fieldids", "unused by the original front end; `filter/fields` gives the fields with their ids"),

  // 3.6 document-api -----------------------------------------------------------------------------
  differs("3.6", "document", "POST", "/v1/services/list/{index}/{type}", "items `{document, userIbp, flag, userGroupIbp, tags}` as the reference's DocumentMappingList (no coverage, species groups or habitats); filters itemType, year (1998 or 1990-2000), author, publisher, title, tags, user, userGroupList, isFlagged; species groups, habitats, states and map bounds are not kept; the counts are groupTypeOfDocument (by item type id), groupYearofPublication, groupUserGroupName (by group id), groupTags, groupFlagged; `totalCount` is the real total", `${DOC}/list/document/_doc?max=12`),
  differs("3.6", "document", "GET", "/v1/services/show/{id}", "no coverage, species groups or habitats; adds followerCount and commentCount; the document URL is never fetched by the server; 404 for a missing or deleted document", `${DOC}/show/1`),
  differs("3.6", "document", "GET", "/v1/services/edit/{id}", "the uploader or an administrator only (the reference let anyone read it)", `${DOC}/edit/1`),
  differs("3.6", "document", "PUT", "/v1/services/create", "administrators and document contributors only (stored roles); required BibTeX fields per type are checked (400 with field errors); resourceURL must be the caller's my-uploads path; answers 201", `${DOC}/create`),
  served("3.6", "document", "PUT", "/v1/services/update", `${DOC}/update`),
  served("3.6", "document", "DELETE", "/v1/services/delete/{id}", `${DOC}/delete/1`),
  differs("3.6", "document", "GET", "/v1/services/bib/item/all", "the 13 standard BibTeX entry types `{id, value, label, itemType}`", `${DOC}/bib/item/all`),
  differs("3.6", "document", "GET", "/v1/services/bib/fields/{itemId}", "a map field → required (true) or optional (false), title first", `${DOC}/bib/fields/1`),
  differs("3.6", "document", "POST", "/v1/services/upload/bib", "administrators and document contributors only (the reference left it open); the first entry as the form's fields (`itemTypeId`, `title`, the BibTeX fields, `notes` from the abstract, `tags` from keywords); a file the parser cannot read is a 400 naming the line and column; at most 64 KB and 200 entries (413), parsed in a worker stopped after 2 s (422)", `${DOC}/upload/bib`),
  differs("3.6", "document", "POST", "/v1/services/follow/{id}", "answers `{objectId, objectType, following, followerCount}`", `${DOC}/follow/1`),
  differs("3.6", "document", "POST", "/v1/services/unfollow/{id}", "answers `{objectId, objectType, following, followerCount}`", `${DOC}/unfollow/1`),
  differs("3.6", "document", "POST", "/v1/services/flag/{id}", "one flag per person (409 for a second); flags DETAILS_INAPPROPRIATE, LOCATION_INAPPROPRIATE, DATE_INAPPROPRIATE", `${DOC}/flag/1`),
  differs("3.6", "document", "PUT", "/v1/services/unflag/{id}/{flagId}", "the person who flagged or an administrator", `${DOC}/unflag/1/1`),
  differs("3.6", "document", "GET", "/v1/services/tags/autocomplete", "open; prefix match, at most 10", `${DOC}/tags/autocomplete?phrase=sa`),
  differs("3.6", "document", "PUT", "/v1/services/update/tags", "the uploader or an administrator", `${DOC}/update/tags`),
  differs("3.6", "document", "PUT", "/v1/services/update/usergroup/{id}", "the uploader or an administrator, to groups the caller belongs to (administrators: any); groups outside the caller's are kept", `${DOC}/update/usergroup/1`),
  differs("3.6", "document", "POST", "/v1/services/featured", "administrators and the group's founders and moderators, for groups the document is posted to (409 otherwise); answers the document's featured list", `${DOC}/featured`),
  differs("3.6", "document", "PUT", "/v1/services/unfeatured/{id}", "as featured", `${DOC}/unfeatured/1`),
  differs("3.6", "document", "GET", "/v1/services/permission/{id}", "adds canEdit; userGroupMember is empty for callers who may not change the document", `${DOC}/permission/1`),
  differs("3.6", "document", "POST", "/v1/services/log/download", "answers the log entry (201) in the one download log; `sourceType` optional (Document only), `status` success|failed", `${DOC}/log/download`),
  differs("3.6", "document", "POST", "/v1/services/add/comment", "answers the activity entry; plain text, 1 to 2000 characters", `${DOC}/add/comment`),
  served("3.6", "document", "GET", "/v1/services/language", `${DOC}/language?isDirty=false`),
  ...[
    ["ANY", "/v1/services/update/{coverageType}/{id}"],
    ["ANY", "/v1/services/names/{id}"],
    ["ANY", "/v1/services/deletename/{id}"],
  ].map(([method, path]) => missing("3.6", "document", method as Method, path!, "unused by the original front end; coverage, names and species groups of documents are not kept")),

  // 3.7 activity-api -----------------------------------------------------------------------------
  differs("3.7", "activity", "GET", "/v1/service/ibp/{objectType}/{objectId}", "objectType page, ccaTemplate, ccaData and document; the count is `totalCount`, items are the comments", "activity-api/api/v1/service/ibp/page/45?offset=0&limit=3"),
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
  ].map(([method, path]) =>
    differs(
      "3.8",
      "utility",
      method as Method,
      path!,
      "every write is for administrators (the original left mini galleries open to any signed-in user); one row per slide holds every language's texts (`sliderId` = `id`); no species statistics",
      `utility-api/api${path!.replace("{galleryId}", "1")}${method === "GET" ? "?languageId=205" : ""}`,
    ),
  ),
  served("3.8", "utility", "GET", "/v1/services/announcement/active", "utility-api/api/v1/services/announcement/active"),
  differs("3.8", "utility", "GET", "/v1/services/announcement/all", "administrators only (it lists disabled announcements too)", "utility-api/api/v1/services/announcement/all"),
  differs("3.8", "utility", "POST", "/v1/services/homePage/announcement/create", ANNOUNCEMENT_WRITES, "utility-api/api/v1/services/homePage/announcement/create"),
  differs("3.8", "utility", "PUT", "/v1/services/announcement/edit/{announcementId}", ANNOUNCEMENT_WRITES, "utility-api/api/v1/services/announcement/edit/1"),
  differs("3.8", "utility", "DELETE", "/v1/services/announcement/remove/{announcementId}", ANNOUNCEMENT_WRITES, "utility-api/api/v1/services/announcement/remove/1"),
  missing("3.8", "utility", "GET", "/v1/services/habitat/all", "not planned: unused by the original front end, the portal has no habitat list"),
  missing("3.8", "utility", "GET", "/v1/languages/fieldHeader", "not planned: unused by the original front end, no species fields"),

  // 3.9 nakshaIntegrator-api and GeoServer -------------------------------------------------------
  served("3.9", "nakshaIntegrator", "GET", "/layer/locationInfo", "nakshaIntegrator-api/api/layer/locationInfo?lat=12.97&lon=77.59"),
  differs("3.9", "nakshaIntegrator", "POST", "/layer/upload", "the reference's metadata and files; answers the new layer (201, unpublished); Shapefile sets zipped or loose, GeoJSON, KML/KMZ and GeoTIFF; 400 naming a missing part, a broken file or an unsupported projection", "nakshaIntegrator-api/api/layer/upload"),
  differs("3.9", "nakshaIntegrator", "GET", "/layer/all", "published layers (administrators also see unpublished ones) with their metadata, columns, legend, `tileUrl` or `imageUrl` and `canDownload`; `thumbnail` is `/layer/thumbnail/{name}.svg` (relative to the naksha address as the reference's), a picture of the layer's kind in its colour", "nakshaIntegrator-api/api/layer/all"),
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
  missing("3.13", "next", "GET", "/api/sitemap.xml", "served at /sitemap.xml (with /robots.txt) by a Next API route, not by the platform router"),
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
