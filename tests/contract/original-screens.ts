/**
 * The compatibility suite's fixtures (issue 34): the calls the original platform's web front end makes
 * from its screens (reference `platform-api.md` §3 and §7, `screens.md`), with the bodies in the shapes
 * it sends them (form fields, JSON as its service functions build it, multipart uploads) and the fields
 * of each answer it reads. `original-screens.test.ts` replays them in order against the platform on both
 * databases and checks the status and those fields; a later call may use what an earlier one answered
 * (`keep`). Add a call here whenever a shape is fixed.
 *
 * `reads`: paths of the answer the original reads. `a.b` must be present (null allowed), `a.b!` present
 * and not null, `a[]` an array (each item, up to three, checked for the rest of the path), `[]` the
 * answer itself an array; `a[+]` a non-empty array.
 */
import { decodeJwt } from "jose";
import type { CCAField, CCATemplate } from "@/contracts/template";

export type Caller = "anonymous" | "member" | "admin" | "dataCurator" | "templateCurator" | "pageEditor" | "documentContributor" | "founder" | "newcomer";

/** Values the calls share: seeded ids, and what earlier calls answered. */
export type Ctx = Record<string, unknown> & {
  /** Each caller's access token (the newcomer's once signed up). */
  tokens: Partial<Record<Caller, string>>;
  /** A picture (PNG) and a PDF to upload. */
  png: Buffer;
  pdf: Buffer;
  /** The code last sent to an address (the outbox). */
  codeFor: (address: string) => Promise<string>;
  /** The `token` of the link last sent to an address (the outbox). */
  linkTokenFor: (address: string) => Promise<string>;
  /** A Shapefile set of a few forest blocks, by extension. */
  shapefile: Record<string, Buffer>;
};

export interface UploadFile {
  field: string;
  name: string;
  type: string;
  data: Buffer;
}

export interface Upload {
  fields: Record<string, string>;
  file?: UploadFile;
  files?: UploadFile[];
}

export interface ContractCall {
  /** The original's screen (reference §7). */
  screen: string;
  /** The original's service function (reference §3). */
  call: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The address after the API endpoint: `cca-api/api/v1/data/1`. */
  url: string | ((c: Ctx) => string);
  /** The caller; the original sends no token for calls it makes with `plainHttp` (`as` anonymous). */
  as?: Caller;
  json?: unknown | ((c: Ctx) => unknown);
  form?: (c: Ctx) => Record<string, string> | Promise<Record<string, string>>;
  upload?: (c: Ctx) => Upload;
  status: number;
  reads?: string[];
  /** Keeps what the answer holds for later calls. */
  keep?: (body: unknown, c: Ctx) => void;
}

const U = "user-api/api/v1";
const G = "userGroup-api/api/v1/group";
const P = "pages-api/api/v1/page";
const F = "files-api/api";
const C = "cca-api/api/v1";
const D = "document-api/api/v1/services";
const A = "activity-api/api/v1/service";
const UT = "utility-api/api/v1/services";
const N = "nakshaIntegrator-api/api";

const EN = 205;
const HI = 206;
/** Seeded: the sacred groves microsite (open; its founder is `founder`, the demo member belongs to it). */
const GROUP = 1;
/** Seeded: the content page that allows comments. */
const PAGE = 45;
/** Seeded: a published record, the one the record page's calls read. */
const SHOWN = 1;

const obj = (body: unknown) => body as Record<string, unknown>;
/** Keeps the newcomer's tokens from an answer that issues them. */
const newcomerTokens = (body: unknown, c: Ctx) => {
  const token = obj(body).access_token as string;
  c.tokens.newcomer = token;
  c.newcomerId = Number(decodeJwt(token).id);
};
const list = (body: unknown) => body as Array<Record<string, unknown>>;

/** A one-feature FeatureCollection, as the original's drawing form sends it. */
const square = (lon: number, lat: number) => ({
  type: "FeatureCollection",
  features: [{ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [[[lon, lat], [lon + 0.02, lat], [lon + 0.02, lat + 0.02], [lon, lat + 0.02], [lon, lat]]] } }],
});

const flat = (fields: readonly CCAField[]): CCAField[] => fields.flatMap((f) => [f, ...flat(f.children ?? [])]);

/**
 * `ccaFieldValues` as the original's participation form builds them (`toFlatSaveData`): every field of the
 * form with its name and type; an option left empty is `{label: "", value: "", valueId: <first option>}`,
 * a geometry, a file list or a number range left empty `[]`, dates as the pickers' UTC date-times.
 */
export function originalParticipation(template: CCATemplate, photo: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of flat(template.fields)) {
    if (field.type === "HEADING") continue;
    const none = field.valueOptions.length > 0 ? { label: "", value: "", valueId: field.valueOptions[0]!.valueId } : null;
    let value: unknown;
    switch (field.type) {
      case "SINGLE_SELECT_DROPDOWN":
      case "SINGLE_SELECT_RADIO":
        value = field.isRequired ? field.valueOptions.find((o) => !o.value.includes("?")) : none;
        break;
      case "MULTI_SELECT_DROPDOWN":
      case "MULTI_SELECT_CHECKBOX":
        value = field.isRequired ? [field.valueOptions.find((o) => !o.value.includes("?"))] : none;
        break;
      case "GEOMETRY":
        value = field.isRequired ? square(77.58, 12.96) : [];
        break;
      case "FILE":
        value = field.isRequired ? [{ attribution: "", license: "CC-BY", path: photo }] : [];
        break;
      case "NUMBER_RANGE":
        value = field.isRequired ? [String(field.minMax[0] ?? 1), String(field.minMax[1] ?? 2)] : [];
        break;
      case "NUMBER":
        value = field.isRequired ? String(field.minMax[0] ?? 12) : undefined;
        break;
      case "DATE":
        value = field.isRequired ? "2024-01-04T18:30:00.000Z" : undefined;
        break;
      case "DATE_RANGE":
        value = field.isRequired ? ["2024-01-04T18:30:00.000Z", "2024-01-06T18:30:00.000Z"] : undefined;
        break;
      case "YEAR":
        value = field.isRequired ? "1999-12-31T18:30:00.000Z" : undefined;
        break;
      default:
        value = field.isRequired ? "Contract grove" : undefined;
    }
    values[field.fieldId] = { fieldId: field.fieldId, name: field.name, type: field.type, value };
  }
  return values;
}

const pageBody = (c: Ctx, title: string) => ({
  title,
  content: "<p>A page written from the original front end.</p>",
  description: "A page",
  socialPreview: null,
  pageType: "Content",
  url: null,
  parentId: 0,
  sticky: true,
  showInFooter: false,
  showInMenu: false,
  allowComments: true,
  galleryData: [{ fileName: c.pagePicture, caption: "A grove", attribution: "Contract", licenseId: "822", displayOrder: 1 }],
  date: new Date().toISOString(),
  pageIndex: 0,
  userGroupId: null,
  languageId: EN,
  autherId: c.adminId,
  autherName: "Admin",
});

const slide = (title: string) => ({
  title,
  customDescripition: "<p>Highlights</p>",
  moreLinks: "/data/list",
  readMoreText: "Read more",
  readMoreUIType: "button_with_arrow",
  gallerySidebar: "translucent",
  translations: [
    { title, description: "<p>Highlights</p>", readMoreText: "Read more", languageId: EN },
    { title: `${title} (हिन्दी)`, description: "<p>झलकियाँ</p>", readMoreText: "और पढ़ें", languageId: HI },
  ],
});

const documentCreate = (c: Ctx, title: string) => ({
  contribution: "Contract",
  attribution: "The contract suite",
  licenseId: "822",
  fromDate: "2024-03-01T00:00:00.000Z",
  rating: 0,
  bibFieldData: { title, author: "Gadgil, Madhav", year: "2001", journal: "Current Science", itemTypeId: 1 },
  mimeType: "application/pdf",
  resourceURL: c.myUpload,
  size: 1000,
  tags: [{ name: "sacred groves" }],
  speciesGroupIds: [],
  habitatIds: [],
  docCoverageData: [],
  userGroupId: [],
  externalUrl: null,
  documentSocialPreview: null,
});

export const ORIGINAL_CALLS: readonly ContractCall[] = [
  // _app: every page ------------------------------------------------------------------------------
  { screen: "every page", call: "axGroupList", method: "GET", url: `${G}/all?languageId=${EN}`, status: 200, reads: ["[].id!", "[].name!", "[].icon!", "[].webAddress!", "[].isParticipatory", "[].groupId!"], keep: (b, c) => (c.groupIcon = list(b)[0]!.icon) },
  { screen: "every page", call: "axGetActiveAnnouncement", method: "GET", url: `${UT}/announcement/active`, status: 200, reads: ["[]"] },
  { screen: "every page", call: "axGetTree", method: "GET", url: `${P}/tree?languageId=${EN}`, status: 200, reads: ["[].id!", "[].title!", "[].children[]"] },
  { screen: "every page", call: "axGetTree (group)", method: "GET", url: `${P}/tree?userGroupId=${GROUP}&languageId=${HI}`, status: 200, reads: ["[]"] },
  { screen: "every page", call: "axCheckUserGroupMember", method: "GET", url: `${G}/member/${GROUP}`, as: "member", status: 200 },

  // /login, /register, OTP, passwords -------------------------------------------------------------
  {
    screen: "/register",
    call: "axCreateUser",
    method: "POST",
    url: `${U}/authenticate/signup`,
    json: (c: Ctx) => ({ username: "Contract Newcomer", gender: "Female", email: c.newcomerEmail, mobileNumber: null, verificationType: "EMAIL", password: "contract pass 42", confirmPassword: "contract pass 42", profession: null, institution: null, location: "", latitude: 0, longitude: 0, mode: "manual", recaptcha: "token" }),
    status: 200,
    reads: ["status", "verificationRequired", "message", "user.id!", "user.email"],
    keep: (b, c) => (c.newcomerVerifyId = obj(obj(b).user).id),
  },
  {
    screen: "OTP modal",
    call: "axRegenerateOTP",
    method: "POST",
    url: `${U}/authenticate/regenerate-otp`,
    form: (c) => ({ id: String(c.newcomerVerifyId), action: "0" }),
    status: 200,
    reads: ["status", "message"],
  },
  {
    screen: "OTP modal",
    call: "axValidateUser",
    method: "POST",
    url: `${U}/authenticate/validate`,
    form: async (c) => ({ id: String(c.newcomerVerifyId), otp: await c.codeFor(String(c.newcomerEmail)) }),
    status: 200,
    reads: ["status", "message", "access_token!", "refresh_token!"],
    keep: (b, c) => {
      newcomerTokens(b, c);
      c.newcomerRefresh = obj(b).refresh_token;
    },
  },
  { screen: "/login", call: "axLogin", method: "POST", url: `${G}/login`, form: (c) => ({ username: String(c.newcomerEmail), password: "contract pass 42", mode: "manual" }), status: 200, reads: ["status", "verificationRequired", "access_token!", "refresh_token!", "timeout"] },
  { screen: "/login", call: "login (user-api)", method: "POST", url: `${U}/authenticate/login`, form: (c) => ({ username: String(c.newcomerEmail), password: "contract pass 42", mode: "manual" }), status: 200, reads: ["access_token!"] },
  { screen: "every authenticated call", call: "axRenewToken", method: "POST", url: (c) => `${U}/authenticate/refresh-tokens?refreshToken=${c.newcomerRefresh}`, status: 200, reads: ["access_token!", "refresh_token!", "token_type", "timeout"] },
  {
    screen: "/register/forgotPassword",
    call: "axForgotPassword",
    method: "POST",
    url: `${U}/authenticate/forgot-password`,
    form: (c) => ({ verificationId: String(c.newcomerEmail) }),
    status: 200,
    reads: ["status", "message", "user.id!"],
    keep: (b, c) => (c.resetId = obj(obj(b).user).id),
  },
  {
    screen: "/register/forgotPassword",
    call: "axResetPassword",
    method: "POST",
    url: `${U}/authenticate/reset-password`,
    form: async (c) => ({ id: String(c.resetId), otp: await c.codeFor(String(c.newcomerEmail)), password: "contract pass 43", confirmPassword: "contract pass 43" }),
    status: 200,
    reads: ["status", "message"],
    keep: (b, c) => obj(b).access_token && newcomerTokens(b, c),
  },
  { screen: "/user/edit/[id]", call: "axUpdateUserPassword", method: "POST", url: `${U}/authenticate/change-password`, as: "newcomer", json: (c: Ctx) => ({ id: c.newcomerId, oldPassword: "contract pass 43", newPassword: "contract pass 44", confirmNewPassword: "contract pass 44" }), status: 200, reads: ["status", "message"], keep: (b, c) => obj(b).access_token && newcomerTokens(b, c) },

  // users -----------------------------------------------------------------------------------------
  { screen: "/user/show/[id]", call: "axGetUserById", method: "GET", url: (c) => `cca-integrator-api/api/v1/services/read/profile/${c.memberId}`, status: 200, reads: ["id!", "name!", "roles[]", "isAdmin", "dateCreated"] },
  { screen: "/user/show/[id]", call: "axGetUserParticipations", method: "GET", url: (c) => `${C}/data/myList/?userId=${c.memberId}`, status: 200, reads: ["ccaDataList[]"] },
  { screen: "/user/edit/[id]", call: "axGetUserRoles", method: "GET", url: `${U}/roles/all`, status: 200, reads: ["[+].id!", "[].authority!"] },
  {
    screen: "/user/edit/[id]",
    call: "axUpdateUserAbout",
    method: "PUT",
    url: `${U}/user/update/details`,
    as: "newcomer",
    json: (c: Ctx) => ({ id: c.newcomerId, userName: "newcomer", name: "Contract Newcomer", email: c.newcomerEmail, mobileNumber: null, occupation: "Forester", institution: "Village council", sexType: "Female", website: "", aboutMe: "", location: "Puri", latitude: "19.81", longitude: "85.83" }),
    status: 200,
    reads: ["id!", "name!"],
  },
  { screen: "/user/edit/[id]", call: "axUploadResource (users)", method: "POST", url: `${F}/upload/resource-upload`, as: "newcomer", upload: (c) => ({ fields: { hash: "ibpmu-contract1", directory: "users" }, file: { field: "upload", name: "me.png", type: "image/png", data: c.png } }), status: 200, reads: ["uri!", "fileName", "hashKey"], keep: (b, c) => (c.avatar = obj(b).uri) },
  { screen: "/user/edit/[id]", call: "axUpdateUserImage", method: "PUT", url: (c) => `${U}/user/update/image?id=${c.newcomerId}&profilePic=${encodeURIComponent(String(c.avatar))}`, as: "newcomer", json: {}, status: 200, reads: ["id!"] },
  { screen: "/user/edit/[id]", call: "axUpdateUserPermissions", method: "PUT", url: `${U}/user/update/roles`, as: "admin", json: (c: Ctx) => ({ id: c.newcomerId, enabled: true, accountExpired: false, accountLocked: false, passwordExpired: false, roles: [{ id: c.roleUserId, authority: "ROLE_USER" }] }), status: 200, reads: ["id!"] },
  { screen: "/user/list", call: "axGetUserList", method: "POST", url: `${U}/user/list/extended_user/_doc?max=12&offset=0&sort=user.dateCreated&userGroupList=${GROUP}`, json: {}, status: 200, reads: ["userList[].id!", "userList[].user.name!", "userList[].userGroup[]", "aggregationData.role", "aggregationData.userGroup", "totalCount"] },
  { screen: "/user/list", call: "axGetUsersByID", method: "GET", url: (c) => `${U}/user/bulk/ibp?userIds=${c.memberId},${c.adminId}`, status: 200, reads: ["[+].id!", "[].name!"] },
  { screen: "/user/list", call: "axUserFilterSearch", method: "GET", url: `${U}/user/ibp/autocomplete?name=Demo`, status: 200, reads: ["[]"] },
  { screen: "/data/show/[id]", call: "getUserIBPsByIds", method: "GET", url: (c) => `${U}/user/ibp/${c.memberId}`, status: 200, reads: ["id!", "name!", "profilePic", "isAdmin"] },
  { screen: "any (signed in)", call: "me", method: "GET", url: `${U}/user/me`, as: "member", status: 200, reads: ["id!", "name!"] },
  { screen: "/user/download-logs", call: "axGetDownloadLogsList (SSR, no token)", method: "GET", url: `${U}/downloadLog/list?offset=0`, status: 200, reads: ["count", "downloadLogList[]", "aggregate"] },
  { screen: "/user/download-logs", call: "axGetDownloadLogsList", method: "GET", url: `${U}/downloadLog/list?offset=0&limit=10`, as: "admin", status: 200, reads: ["count", "downloadLogList[].id!", "downloadLogList[].user", "downloadLogList[].type"] },

  // groups ----------------------------------------------------------------------------------------
  { screen: "/group/list", call: "axGroupListExpanded", method: "GET", url: `${G}/list/${EN}`, status: 200, reads: ["[+].id!", "[].name!", "[].icon!", "[].webAddress!", "[].memberCount"] },
  { screen: "/group/list", call: "axMemberGroupList", method: "GET", url: `${G}/member/list`, as: "member", status: 200, reads: [String(GROUP)] },
  { screen: "/data/show/[id]", call: "axMemberGroupListByUserId", method: "GET", url: (c) => `${G}/member/list/${c.memberId}`, status: 200, reads: [String(GROUP)] },
  { screen: "/group/[g]/about", call: "axGetUserGroupById", method: "GET", url: `${G}/${GROUP}`, status: 200, reads: ["name!", "description", "allowUserToJoin", "icon!"] },
  { screen: "/group/[g]/about", call: "axGetGroupAdministratorsByGroupId", method: "GET", url: `${G}/adminstration/members/${GROUP}`, status: 200, reads: ["founderList[]", "moderatorList[]"] },
  { screen: "/page/show/[id]", call: "axCheckUserGroupFounderOrAdmin", method: "GET", url: `${G}/enable/edit/${GROUP}`, as: "founder", status: 200 },
  { screen: "/group/list", call: "axJoinUserGroup", method: "GET", url: `${G}/join/3`, as: "newcomer", status: 200 },
  { screen: "/group/list", call: "axLeaveUserGroup", method: "DELETE", url: `${G}/leave/3`, as: "newcomer", status: 200 },
  { screen: "/group/create", call: "axGetLangList", method: "GET", url: `${D}/language?isDirty=false`, status: 200, reads: ["[+].id!", "[].name!", "[].twoLetterCode"] },
  { screen: "/group/create", call: "axUploadUserGroupResource", method: "POST", url: `${F}/upload/resource-upload`, as: "admin", upload: (c) => ({ fields: { hash: "contractlogo", directory: "userGroups", resource: "true" }, file: { field: "upload", name: "logo.png", type: "image/png", data: c.png } }), status: 200, reads: ["uri!"], keep: (b, c) => (c.logo = obj(b).uri) },
  {
    screen: "/group/create",
    call: "axUserGroupCreate",
    method: "POST",
    url: `${G}/create`,
    as: "admin",
    json: (c: Ctx) => ({
      name: "Contract Commons",
      description: "<p>Commons of the contract suite</p>",
      icon: c.logo,
      allowUserToJoin: true,
      languageId: EN,
      homePage: null,
      domainName: null,
      theme: "default",
      showGallery: true,
      showStats: true,
      showGridMap: false,
      showPartners: false,
      showDesc: true,
      speciesGroup: [],
      habitatId: [],
      mediaToggle: "WITHOUTMEDIA",
      spacialCoverage: null,
      invitationData: { userGroupId: 0, founderIds: [c.founderId], moderatorsIds: [], founderEmail: [], moderatorsEmail: [] },
    }),
    status: 201,
    reads: ["id!", "name!", "webAddress!"],
    keep: (b, c) => (c.newGroup = obj(b).id),
  },
  { screen: "/group/create", call: "axCreateMiniGroupGallery", method: "POST", url: (c) => `${G}/homePage/miniGallery/create/${c.newGroup}`, as: "admin", json: { slidesPerView: 2, isVertical: false, translations: [{ title: "Stories", languageId: EN }] }, status: 201, reads: ["galleryId!"], keep: (b, c) => (c.groupMini = obj(b).galleryId) },
  { screen: "/group/create", call: "axUpdateGroupHomePageDetails", method: "PUT", url: (c) => `${G}/homePage/update/${c.newGroup}`, as: "admin", json: { showGallery: true, showStats: true, showRecentObservation: false, showGridMap: false, showPartners: false, showDesc: true, description: "<p>Our commons</p>", gallerySlider: [], miniGallery: [] }, status: 200, reads: ["showGallery", "gallerySlider[]", "miniGallery[]"] },
  { screen: "/group/[g]/edit", call: "axGetGroupEditInfoByGroupId", method: "GET", url: (c) => `${G}/edit/${c.newGroup}`, as: "founder", status: 200, reads: ["translation[+].name!", "webAddress!", "allowUserToJoin"], keep: (b, c) => (c.groupEdit = b) },
  { screen: "/group/[g]/edit", call: "axUserGroupUpdate", method: "PUT", url: (c) => `${G}/edit/save/${c.newGroup}`, as: "founder", json: (c: Ctx) => ({ ...obj(c.groupEdit), languageId: EN, homePage: null, theme: "default", habitatId: [], speciesGroupId: [], spatialData: null }), status: 200, reads: ["webAddress!"] },
  { screen: "/group/[g]/edit", call: "axAddGroupAdminMembers", method: "POST", url: `${G}/add/members`, as: "admin", json: (c: Ctx) => ({ userGroupId: c.newGroup, founderIds: [], moderatorsIds: [c.memberId], founderEmail: [], moderatorsEmail: [] }), status: 200 },
  { screen: "/group/[g]/edit", call: "axUserGroupRemoveAdminMembers", method: "GET", url: (c) => `${G}/remove/members?userGroupId=${c.newGroup}&userId=${c.memberId}`, as: "admin", status: 200 },
  { screen: "/user/list", call: "axBulkRemoveGroupMembers", method: "PUT", url: (c) => `${G}/remove/bulk/members?userIds=${c.memberId},${c.newcomerId}&userGroupId=${c.newGroup}&selectAll=false`, as: "founder", json: {}, status: 200 },
  { screen: "/group/[g]/edit", call: "axGetGroupHompageDetails", method: "GET", url: (c) => `${G}/homePage/${c.newGroup}/${EN}`, status: 200, reads: ["showGallery", "gallerySlider[]", "miniGallery[]"] },
  { screen: "/group/[g]/edit", call: "axCreateGroupHomePageGallery", method: "PUT", url: (c) => `${G}/homePage/insert/${c.newGroup}`, as: "founder", json: (c: Ctx) => ({ ...slide("Commons at dawn"), fileName: c.logo, ugId: c.newGroup }), status: 200, reads: ["gallerySlider[+].id!", "gallerySlider[].fileName!"], keep: (b, c) => (c.groupSlide = list(obj(b).gallerySlider).at(-1)!.id) },
  { screen: "/group/[g]/edit", call: "axEditGroupHomePageGallery", method: "PUT", url: (c) => `${G}/homePage/edit/${c.newGroup}/${c.groupSlide}`, as: "founder", json: (c: Ctx) => ({ ...slide("Commons at noon"), fileName: c.logo }), status: 200, reads: ["gallerySlider[]"] },
  { screen: "/group/[g]/edit", call: "axReorderGroupHomePageGallery", method: "PUT", url: (c) => `${G}/homePage/reordering/${c.newGroup}`, as: "founder", json: (c: Ctx) => [{ galleryId: c.groupSlide, displayOrder: 0 }], status: 200, reads: ["gallerySlider[]"] },
  { screen: "/group/[g]/edit", call: "axInsertMiniGroupHomePageGallery", method: "PUT", url: (c) => `${G}/homePage/miniSlider/insert/${c.newGroup}`, as: "founder", json: (c: Ctx) => ({ ...slide("A story"), galleryId: c.groupMini, color: "rgb(255, 255, 255)", bgColor: "#1D4044" }), status: 200, reads: ["miniGallery[+].gallerySlider[]"], keep: (b, c) => (c.groupMiniSlide = list(list(obj(b).miniGallery)[0]!.gallerySlider).at(-1)!.id) },
  { screen: "/group/[g]/edit", call: "axEditMiniGroupHomePageGallery", method: "PUT", url: (c) => `${G}/homePage/miniSlider/edit/${c.newGroup}/${c.groupMiniSlide}`, as: "founder", json: (c: Ctx) => ({ ...slide("A story, edited"), galleryId: c.groupMini, color: "white", bgColor: "hsl(185, 40%, 19%)" }), status: 200 },
  { screen: "/group/[g]/edit", call: "axReorderMiniGroupHomePageGallery", method: "PUT", url: (c) => `${G}/homePage/miniSlider/reordering/${c.newGroup}`, as: "founder", json: (c: Ctx) => [{ galleryId: c.groupMiniSlide, displayOrder: 0 }], status: 200 },
  { screen: "/group/[g]/edit", call: "axRemoveMiniGroupHomePageGalleryImage", method: "PUT", url: (c) => `${G}/homePage/miniSlider/remove/${c.newGroup}/${c.groupMiniSlide}`, as: "founder", status: 200 },
  { screen: "admin mini gallery (group)", call: "axEditMiniGroupGallery", method: "PUT", url: (c) => `${G}/homePage/miniGallery/edit/${c.newGroup}/${c.groupMini}`, as: "founder", json: { slidesPerView: "3", isVertical: false, translations: [{ title: "Stories", languageId: EN }, { title: "कहानियाँ", languageId: HI }] }, status: 200, reads: ["galleryId!"] },
  { screen: "home (group, edit mode)", call: "axRemoveMiniGroupGallery", method: "DELETE", url: (c) => `${G}/homePage/miniGallery/remove/${c.newGroup}/${c.groupMini}`, as: "founder", status: 200 },
  { screen: "/group/[g]/edit", call: "axRemoveGroupHomePageGalleryImage", method: "PUT", url: (c) => `${G}/homePage/remove/${c.newGroup}/${c.groupSlide}`, as: "founder", status: 200 },

  // home ------------------------------------------------------------------------------------------
  { screen: "every page", call: "group logo (img)", method: "GET", url: (c) => `${F}/get/crop/userGroups${c.groupIcon}?w=128&preserve=true`, status: 200 },
  { screen: "/data/show/[id]", call: "record picture (img)", method: "GET", url: `${F}/get/raw/pages/seed/gallery/sacred-grove.jpg`, status: 200 },
  { screen: "/data/list", call: "card thumbnail (img)", method: "GET", url: `${F}/get/crop/pages/seed/gallery/sacred-grove.jpg?h=64`, status: 200 },
  { screen: "/", call: "axGetHomeInfo", method: "GET", url: `${UT}/homePage?languageId=${EN}`, status: 200, reads: ["showGallery", "gallerySlider[+].fileName!", "gallerySlider[].title!", "gallerySlider[].customDescripition", "gallerySlider[].displayOrder", "miniGallery[]"] },
  { screen: "/group/[g]", call: "axGetGroupHompageDetails", method: "GET", url: `${G}/homePage/3/${HI}`, status: 200, reads: ["showGallery", "gallerySlider[+].fileName!", "gallerySlider[].title!"] },
  { screen: "/", call: "axGetChartDataListAggregation (home)", method: "GET", url: `${C}/data/chart?language=en&query=`, status: 200, reads: ["numericAggregation", "aggregation", "total"] },
  { screen: "/", call: "axGetTemplateResponseList (featured)", method: "GET", url: `${C}/data/list?id=1&language=en`, status: 200, reads: ["ccaDataList[+].id!", "ccaDataList[].titlesValues[]", "ccaDataList[].values[]", "ccaDataList[].files[]", "aggregation"] },

  // /admin/homegallery, /admin/announcements -----------------------------------------------------
  { screen: "/admin/homegallery", call: "axGetAdminHomeInfo", method: "GET", url: `${UT}/homePage?adminList=true&languageId=${EN}`, as: "admin", status: 200, reads: ["gallerySlider[+].translations[+].languageId", "miniGallery[]"] },
  { screen: "/admin/homegallery", call: "axInsertHomePageGallery", method: "PUT", url: `${UT}/homePage/insert`, as: "admin", json: { showGallery: true, showStats: true, showRecentObservation: false, showGridMap: false, showPartners: false, showSponsors: false, showDonors: false, showDesc: false, description: "" }, status: 200, reads: ["showGallery"] },
  { screen: "/admin/homegallery", call: "axCreateHomePageGallery", method: "PUT", url: `${UT}/homePage/create`, as: "admin", json: (c: Ctx) => ({ ...slide("Contract slide"), fileName: c.logo }), status: 200, reads: ["gallerySlider[+].id!"], keep: (b, c) => (c.siteSlide = list(obj(b).gallerySlider).find((s) => s.title === "Contract slide")!.id) },
  { screen: "/admin/homegallery", call: "axEditHomePageGallery", method: "PUT", url: (c) => `${UT}/homePage/edit/${c.siteSlide}`, as: "admin", json: (c: Ctx) => ({ ...slide("Contract slide"), fileName: c.logo, moreLinks: "" }), status: 200 },
  { screen: "/admin/homegallery", call: "axReorderHomePageGallery", method: "PUT", url: `${UT}/homePage/reorder`, as: "admin", json: (c: Ctx) => [{ galleryId: c.siteSlide, displayOrder: "0" }], status: 200 },
  { screen: "/admin/homegallery", call: "axCreateMiniGallery", method: "POST", url: `${UT}/homePage/miniGallery/create`, as: "admin", json: { slidesPerView: 3, isVertical: false, translations: [{ title: "Stats", languageId: EN }] }, status: 201, reads: ["galleryId!"], keep: (b, c) => (c.siteMini = obj(b).galleryId) },
  { screen: "/admin/homegallery", call: "axEditMiniGallery", method: "PUT", url: (c) => `${UT}/homePage/miniGallery/edit/${c.siteMini}`, as: "admin", json: { slidesPerView: 2, isVertical: true, translations: [{ title: "Stats", languageId: EN }, { title: "आँकड़े", languageId: HI }] }, status: 200 },
  { screen: "/admin/homegallery", call: "axMiniInsertHomePageGallery", method: "PUT", url: `${UT}/homePage/insert/miniSlider`, as: "admin", json: (c: Ctx) => ({ ...slide("A card"), galleryId: c.siteMini, color: "#FFF", bgColor: "rgba(29, 64, 68, 1)" }), status: 200, keep: (b, c) => (c.siteMiniSlide = list(list(obj(b).miniGallery).find((m) => m.id === c.siteMini)!.gallerySlider).at(-1)!.id) },
  { screen: "/admin/homegallery", call: "axMiniEditHomePageGallery", method: "PUT", url: (c) => `${UT}/homePage/edit/miniSlider/${c.siteMiniSlide}`, as: "admin", json: (c: Ctx) => ({ ...slide("A card, edited"), galleryId: c.siteMini, color: "black", bgColor: "lightyellow" }), status: 200 },
  { screen: "/admin/homegallery", call: "axReorderMiniHomePageGallery", method: "PUT", url: `${UT}/homePage/miniSlider/reorder`, as: "admin", json: (c: Ctx) => [{ galleryId: c.siteMiniSlide, displayOrder: 0 }], status: 200 },
  { screen: "/admin/homegallery", call: "axRemoveMiniHomePageGallery", method: "DELETE", url: (c) => `${UT}/homePage/remove/miniSlider/${c.siteMiniSlide}`, as: "admin", status: 200 },
  { screen: "/admin/homegallery", call: "axRemoveMiniGallery", method: "DELETE", url: (c) => `${UT}/homePage/miniGallery/remove/${c.siteMini}`, as: "admin", status: 200 },
  { screen: "/admin/homegallery", call: "axRemoveHomePageGallery", method: "DELETE", url: (c) => `${UT}/homePage/remove/${c.siteSlide}`, as: "admin", status: 200 },
  { screen: "/admin/announcements", call: "axCreateAnnouncement", method: "POST", url: `${UT}/homePage/announcement/create`, as: "admin", json: { color: "rgb(255,255,255)", bgColor: "#1D4044", enabled: true, languageId: EN, translations: { [EN]: "<p>Upkeep on Sunday</p>", [HI]: "<p>रविवार को रखरखाव</p>" } }, status: 201, reads: ["id!", "translations"], keep: (b, c) => (c.announcement = obj(b).id) },
  { screen: "/admin/announcements", call: "axGetAnnouncementList", method: "GET", url: `${UT}/announcement/all`, as: "admin", status: 200, reads: ["[+].id!", "[].color", "[].bgColor", "[].enabled", "[].translations"] },
  { screen: "/admin/announcements", call: "axEditAnnouncement", method: "PUT", url: (c) => `${UT}/announcement/edit/${c.announcement}`, as: "admin", json: { color: "white", bgColor: "hsl(185 40% 19%)", enabled: false, languageId: EN, translations: { [EN]: "<p>Upkeep on Monday</p>" } }, status: 200 },
  { screen: "/admin/announcements", call: "axRemoveAnnouncement", method: "DELETE", url: (c) => `${UT}/announcement/remove/${c.announcement}`, as: "admin", status: 200 },

  // pages -----------------------------------------------------------------------------------------
  { screen: "/page/show/[id]", call: "axGetPageByID", method: "GET", url: `${P}/${PAGE}?format=full`, status: 200, reads: ["id!", "title!", "content!", "userIbp.id", "pageType!", "galleryData[]", "allowComments", "date"] },
  { screen: "/participate/list", call: "axGetPageByID (minimal)", method: "GET", url: `${P}/${PAGE}`, status: 200, reads: ["title!", "content!"] },
  { screen: "/page/show/[id]", call: "axGetLicenseList", method: "GET", url: "resources-api/api/v1/license/all", status: 200, reads: ["[+].id!", "[].name!", "[].url"] },
  { screen: "/page/show/[id]", call: "axListActivity (page)", method: "GET", url: `${A}/ibp/page/${PAGE}?offset=0&limit=3`, status: 200, reads: ["activity[]"] },
  { screen: "/page/show/[id]", call: "axAddPageComment", method: "POST", url: `${P}/add/comment`, as: "member", json: { body: "A note from @Demo", languageId: EN, rootHolderId: PAGE, rootHolderType: "page", subRootHolderId: null, subRootHolderType: null }, status: 200 },
  { screen: "/page/create", call: "axUploadUserGroupResource (pages)", method: "POST", url: `${F}/upload/resource-upload`, as: "admin", upload: (c) => ({ fields: { hash: "contractpage", directory: "pages", resource: "true" }, file: { field: "upload", name: "grove.png", type: "image/png", data: c.png } }), status: 200, reads: ["uri!"], keep: (b, c) => (c.pagePicture = obj(b).uri) },
  { screen: "/page/create", call: "axCreatePage", method: "POST", url: P, as: "admin", json: (c: Ctx) => pageBody(c, "Contract page"), status: 200, reads: ["id!", "title!", "gallerySilder[]"], keep: (b, c) => (c.newPage = obj(b).id) },
  { screen: "/page/edit/[id]", call: "axGetPageByID (edit)", method: "GET", url: (c) => `${P}/${c.newPage}?format=full`, status: 200, reads: ["galleryData[+].id!"], keep: (b, c) => (c.pageGallery = list(obj(b).galleryData)[0]!.id) },
  { screen: "/page/edit/[id]", call: "axUpdatePage", method: "PUT", url: P, as: "admin", json: (c: Ctx) => { const { parentId: _p, pageIndex: _i, languageId: _l, date: _d, ...rest } = pageBody(c, "Contract page, edited"); return { ...rest, id: String(c.newPage) }; }, status: 200, reads: ["id!"] },
  { screen: "/page/edit/[id]", call: "axRemovePageGalleryImage", method: "PUT", url: (c) => `${P}/gallery/remove/${c.newPage}/${c.pageGallery}`, as: "admin", status: 200 },
  { screen: "page sidebar", call: "axUpdateTree", method: "PUT", url: `${P}/updateTree`, as: "admin", json: (c: Ctx) => [{ id: c.newPage, parentId: 0, pageIndex: 0 }], status: 200 },
  { screen: "page header", call: "axDeletePageByID", method: "DELETE", url: (c) => `${P}/${c.newPage}`, as: "admin", status: 200 },

  // templates and participation ------------------------------------------------------------------
  { screen: "/participate/list", call: "axGetAllTemplates", method: "GET", url: `${C}/template/all?language=en&platform=DESKTOP`, as: "member", status: 200, reads: ["[+].shortName!", "[].name!", "[].description"] },
  { screen: "/participate/[shortName]", call: "axGetTemplateByShortName", method: "GET", url: `${C}/template/sacred-grove-survey?language=en`, status: 200, reads: ["shortName!", "name!", "fields[+].fieldId!", "fields[].type!", "fields[].children[]"], keep: (b, c) => (c.template = b) },
  { screen: "/participate/[shortName]", call: "axGetUserGroupList", method: "GET", url: `${G}/all`, as: "member", status: 200, reads: ["[]"] },
  { screen: "/participate/[shortName]", call: "axUploadResource (FILE field)", method: "POST", url: `${F}/upload/resource-upload`, as: "member", upload: (c) => ({ fields: { hash: "ibpmu-contract2", directory: "pages" }, file: { field: "upload", name: "grove.png", type: "image/png", data: c.png } }), status: 200, reads: ["uri!"], keep: (b, c) => (c.photo = `http://localhost:8010/proxy/files-api/api/get/raw/pages${obj(b).uri}`) },
  {
    screen: "/participate/[shortName]",
    call: "axSaveParticipation",
    method: "POST",
    url: `${C}/data/save`,
    as: "member",
    json: (c: Ctx) => ({ shortName: "sacred-grove-survey", usergroups: [String(GROUP)], ccaFieldValues: originalParticipation(c.template as CCATemplate, String(c.photo)) }),
    status: 201,
    reads: ["id!", "centroid[]", "ccaFieldValues", "usergroups[]"],
    keep: (b, c) => ((c.record = obj(b).id), (c.centroid = obj(b).centroid)),
  },
  { screen: "/participate/[shortName]", call: "getLoactionInfo", method: "GET", url: `${N}/layer/locationInfo?lat=12.97&lon=77.59`, status: 200, reads: ["state", "district", "tahsil"], keep: (b, c) => (c.location = b) },
  { screen: "/participate/[shortName]", call: "axUpdateLocation", method: "PUT", url: `${C}/data/update/location`, as: "member", json: (c: Ctx) => ({ id: c.record, location: c.location }), status: 200, reads: ["location"] },

  // records ---------------------------------------------------------------------------------------
  { screen: "/data/list", call: "axGetFiltersListByShortName", method: "GET", url: `${C}/template/filter/fields?shortName=master&language=en`, status: 200, reads: ["[+].fieldId!", "[].type!", "[].valueOptions[]"] },
  { screen: "/data/list", call: "axGetDataListAggregation", method: "GET", url: `${C}/data/aggregation?language=en&offset=0&limit=10&layers=&query=`, status: 200, reads: ["usergroups[]"] },
  { screen: "/data/list", call: "axSearchCCAData", method: "GET", url: `${C}/data/search?query=&offset=0&limit=10&language=en`, status: 200, reads: ["totalCount", "data[+].id!", "data[].titlesValues[]", "data[].values[]", "data[].files[]"] },
  { screen: "/data/list", call: "axSearchMapCCAData", method: "GET", url: `${C}/data/search/map?query=&language=en&usergroups=${GROUP}`, status: 200, reads: ["[].id!", "[].lat!", "[].lng!"] },
  { screen: "/data/list", call: "axGetDataSummaryById", method: "GET", url: `${C}/data/summary/1?language=en`, status: 200, reads: ["id!", "values[]", "titlesValues[]", "files[]"] },
  { screen: "/chart", call: "axGetChartFiltersListByShortName", method: "GET", url: `${C}/template/filter/chart/fields?shortName=master&language=en&isChart=true`, status: 200, reads: ["[]"] },
  { screen: "/chart", call: "axGetChartDataListAggregation", method: "GET", url: `${C}/data/chart?isChart=true&query=&language=en&usergroups=${GROUP}`, status: 200, reads: ["aggregation", "satewiseAggregation", "total"] },
  { screen: "/api/sitemap.xml", call: "axGetDataListMap", method: "GET", url: `${C}/data/map/info`, status: 200, reads: ["[+].id!"] },
  { screen: "/data/edit/[id]", call: "axGetTemplateResponseById (owner)", method: "GET", url: (c) => `${C}/data/${c.record}?language=en`, as: "member", status: 200, reads: ["id!", "ccaFieldValues", "allowedUsers[]"] },
  // The record page of a published record (one saved without consent is not public: issue 30).
  { screen: "/data/show/[id]", call: "axGetTemplateResponseById", method: "GET", url: `${C}/data/${SHOWN}?language=en`, status: 200, reads: ["id!", "shortName!", "userId!", "ccaFieldValues", "allowedUsers[]", "followers[]", "usergroups[]", "centroid[]"] },
  { screen: "/data/show/[id]", call: "axGetTemplateResponseList (header)", method: "GET", url: `${C}/data/list?id=${SHOWN}&language=en`, status: 200, reads: ["ccaDataList[+].titlesValues[]"] },
  { screen: "/data/show/[id]", call: "axListActivity (ccaData)", method: "GET", url: `${A}/ibp/ccaData/${SHOWN}?offset=0&limit=3`, status: 200, reads: ["activity[]"] },
  { screen: "/data/show/[id]", call: "axAddAcitivityComment", method: "POST", url: `${C}/data/comment`, as: "dataCurator", json: () => ({ body: "Seen on the ground", languageId: EN, rootHolderId: SHOWN, rootHolderType: "ccaData", subRootHolderId: null, subRootHolderType: null }), status: 200 },
  { screen: "/data/show/[id]", call: "axToggleDocumentFollow", method: "PUT", url: `${C}/data/update/followers`, as: "admin", json: { id: SHOWN, type: "follow" }, status: 200, reads: ["followers[]"] },
  { screen: "/data/show/[id]", call: "axUpdateUsergroup", method: "PUT", url: `${C}/data/update/usergroup`, as: "member", json: { id: SHOWN, usergroups: [GROUP] }, status: 200, reads: ["usergroups[]"] },
  { screen: "/data/show/[id]", call: "axsendContributorRequest", method: "POST", url: `${C}/data/request`, as: "newcomer", json: (c: Ctx) => ({ ccaid: SHOWN, requestorId: c.newcomerId, role: "ROLE_EXTDATACONTRIBUTOR", requestorMessage: "I survey this grove" }), status: 200 },
  { screen: "/continue/verify-token", call: "axVerifyContributorPermission", method: "POST", url: `${C}/data/grant`, as: "admin", json: async (c: Ctx) => ({ token: await c.linkTokenFor(String(c.shownOwnerEmail)) }), status: 200 },
  { screen: "/data/edit/[id]", call: "axUpdateParticipation", method: "PUT", url: `${C}/data/update`, as: "member", json: (c: Ctx) => ({ id: c.record, shortName: "sacred-grove-survey", ccaFieldValues: { "name-of-cca": { fieldId: "name-of-cca", name: "Name", type: "TEXT", value: "Contract grove, renamed" } } }), status: 200, reads: ["ccaFieldValues"] },
  { screen: "/data/edit/[id]", call: "axEsUserAutoComplete", method: "GET", url: `${U}/user/ibp/autocomplete?name=Data`, status: 200, reads: ["[]"] },
  { screen: "/data/edit/[id]", call: "axUpdateParticipationUsers", method: "PUT", url: `${C}/data/update/permission`, as: "member", json: (c: Ctx) => ({ id: c.record, allowedUsers: [String(c.adminId)] }), status: 200, reads: ["allowedUsers[]"] },
  { screen: "/data/table/[shortName]", call: "axGetTemplateResponseTableByShortName", method: "GET", url: `${C}/data/all?shortName=sacred-grove-survey&projectAll=false`, as: "dataCurator", status: 200, reads: ["[+].id!", "[].ccaFieldValues"] },
  { screen: "/data/table/[shortName]", call: "axDownloadRequest", method: "POST", url: `${C}/data/all/download?shortName=sacred-grove-survey&projectAll=true&notes=For%20the%20state%20report`, as: "dataCurator", json: {}, status: 202 },
  { screen: "/data/edit/[id]", call: "axDeleteTemplateResponseById", method: "DELETE", url: (c) => `${C}/data/delete/${c.record}`, as: "member", status: 200 },

  // template editor -------------------------------------------------------------------------------
  { screen: "/template/list", call: "axGetAllTemplates (editor)", method: "GET", url: `${C}/template/all?language=en`, as: "templateCurator", status: 200, reads: ["[+].shortName!"] },
  {
    screen: "/template/create",
    call: "axCreateTemplate",
    method: "POST",
    url: `${C}/template/save`,
    as: "templateCurator",
    json: { shortName: "contract-survey", name: "Contract survey", description: "Made by the original's editor", platform: ["DESKTOP", "MOBILE"], permissions: ["ROLE_USER"], fields: [] },
    status: 201,
    reads: ["id!", "shortName!"],
    keep: (b, c) => (c.newTemplate = b),
  },
  {
    screen: "/template/edit/[shortName]",
    call: "axUpdateTemplate",
    method: "PUT",
    url: `${C}/template/update?language=en`,
    as: "templateCurator",
    json: (c: Ctx) => ({
      ...obj(c.newTemplate),
      language: "en",
      fields: [
        { fieldId: "contract-head", type: "HEADING", name: "About", question: "", helpText: "", isRequired: false, isMasterField: false, isSummaryField: false, isFilterable: false, isTitleColumn: false, children: [
          { fieldId: "contract-name", type: "TEXT", name: "Name", question: "Its name?", helpText: "", isRequired: true, isMasterField: false, isSummaryField: true, isFilterable: false, isTitleColumn: true, children: [] },
          { fieldId: "contract-kind", type: "SINGLE_SELECT_DROPDOWN", name: "Kind", question: "", helpText: "", isRequired: false, isMasterField: false, isSummaryField: true, isFilterable: true, isTitleColumn: false, valueOptions: [{ valueId: "k1", label: "Grove", value: "Grove" }, { valueId: "k2", label: "Others", value: "Others|?" }], children: [] },
          { fieldId: "contract-since", type: "YEAR", name: "Since", question: "", helpText: "", isRequired: false, isMasterField: false, isSummaryField: false, isFilterable: false, isTitleColumn: false, minMax: [], children: [] },
        ] },
      ],
    }),
    status: 200,
    reads: ["fields[+].children[+].fieldId!"],
  },
  { screen: "/template/edit/[shortName]", call: "axPullTemplateTranslations", method: "GET", url: (c) => `${C}/template/pullMasterTranslation?templateId=${obj(c.newTemplate).id}&language=hi`, as: "templateCurator", status: 200, reads: ["fields[]"] },
  { screen: "/template/edit/[shortName]", call: "axAddTemplateAcitivityComment", method: "POST", url: `${C}/template/comment`, as: "templateCurator", json: (c: Ctx) => ({ body: "Added the kind", languageId: EN, rootHolderId: obj(c.newTemplate).id, rootHolderType: "ccaTemplate", subRootHolderId: null, subRootHolderType: null }), status: 200 },
  { screen: "/template/edit/[shortName]", call: "axListActivity (ccaTemplate)", method: "GET", url: (c) => `${A}/ibp/ccaTemplate/${obj(c.newTemplate).id}?offset=0&limit=3`, as: "templateCurator", status: 200, reads: ["activity[]"] },
  { screen: "/template/list", call: "axDeleteTemplate", method: "DELETE", url: `${C}/template/delete/contract-survey`, as: "templateCurator", status: 200 },

  // documents -------------------------------------------------------------------------------------
  { screen: "/document/list", call: "axGetListData", method: "POST", url: `${D}/list/document/_doc?sort=document.createdOn&offset=0&max=12&view=list`, json: {}, status: 200, reads: ["documentList[+].document.id!", "documentList[].document.title!", "documentList[].document.itemtype", "documentList[].userIbp.id!", "documentList[].flag[]", "documentList[].userGroupIbp[]", "documentList[].tags[]", "aggregationData", "totalCount"] },
  { screen: "/document/show/[id]", call: "axGetDocumentById", method: "GET", url: `${D}/show/1`, status: 200, reads: ["document.id!", "document.title!", "userIbp.id!", "userGroupIbp[]", "uFile.path!", "flag[]", "tags[]", "documentLicense.name!"] },
  { screen: "/document/show/[id]", call: "axGetDocumentPermissions", method: "GET", url: `${D}/permission/1`, as: "member", status: 200, reads: ["userGroupMember", "userGroupFeature", "following"] },
  { screen: "/document/create", call: "axGetDocumentTypes", method: "GET", url: `${D}/bib/item/all`, status: 200, reads: ["[+].value", "[].label!"] },
  { screen: "/document/create", call: "axGetDocumentBibFields", method: "GET", url: `${D}/bib/fields/1`, status: 200, reads: ["title"] },
  { screen: "/document/create", call: "axUploadDocumentResource", method: "POST", url: `${F}/upload/my-uploads`, as: "documentContributor", upload: (c) => ({ fields: { hash: "ibpmu-contract3", module: "document" }, file: { field: "upload", name: "report.pdf", type: "application/pdf", data: c.pdf } }), status: 200, reads: ["path!", "fileName", "type"], keep: (b, c) => (c.myUpload = obj(b).path) },
  { screen: "/document/create", call: "axListMyUploads", method: "GET", url: `${F}/upload/my-uploads?module=document`, as: "documentContributor", status: 200, reads: ["[+].path!"] },
  { screen: "/document/create", call: "axParseBib", method: "POST", url: `${D}/upload/bib`, as: "documentContributor", upload: () => ({ fields: {}, file: { field: "file", name: "refs.bib", type: "application/x-bibtex", data: Buffer.from("@article{a, title = {Groves}, author = {Gadgil, Madhav}, journal = {Current Science}, year = {2001}}") } }), status: 200, reads: ["title!"] },
  { screen: "/document/create", call: "axCreateDocument", method: "PUT", url: `${D}/create`, as: "documentContributor", json: (c: Ctx) => documentCreate(c, "Contract report"), status: 201, reads: ["document.id!"], keep: (b, c) => (c.newDocument = obj(obj(b).document).id) },
  { screen: "/document/edit/[id]", call: "axGetEditDocumentById", method: "GET", url: (c) => `${D}/edit/${c.newDocument}`, as: "documentContributor", status: 200, reads: ["documentId!", "bibFieldData", "licenseId"], keep: (b, c) => (c.documentEdit = b) },
  { screen: "/document/edit/[id]", call: "axUpdateDocument", method: "PUT", url: `${D}/update`, as: "documentContributor", json: (c: Ctx) => ({ ...obj(c.documentEdit), licenseId: "823", fromDate: "2024-03-02T00:00:00.000Z" }), status: 200, reads: ["document.id!"] },
  { screen: "/document/show/[id]", call: "axFollowDocument", method: "POST", url: (c) => `${D}/follow/${c.newDocument}`, as: "member", status: 200 },
  { screen: "/document/show/[id]", call: "axUnFollowDocument", method: "POST", url: (c) => `${D}/unfollow/${c.newDocument}`, as: "member", status: 200 },
  { screen: "/document/show/[id]", call: "axFlagDocument", method: "POST", url: (c) => `${D}/flag/${c.newDocument}`, as: "member", json: { flag: "DETAILS_INAPPROPRIATE", notes: "Wrong year" }, status: 200, reads: ["[+].id!", "[].flag!"], keep: (b, c) => (c.flag = list(b)[0]!.id) },
  { screen: "/document/show/[id]", call: "axUnFlagDocument", method: "PUT", url: (c) => `${D}/unflag/${c.newDocument}/${c.flag}`, as: "member", status: 200, reads: ["[]"] },
  { screen: "/document/show/[id]", call: "axQueryDocumentTagsByText", method: "GET", url: `${D}/tags/autocomplete?phrase=sac`, as: "member", status: 200, reads: ["[]"] },
  { screen: "/document/show/[id]", call: "axUpdateDocumentTags", method: "PUT", url: `${D}/update/tags`, as: "documentContributor", json: (c: Ctx) => ({ objectId: c.newDocument, tags: [{ name: "groves" }, { id: null, name: "Kerala" }] }), status: 200, reads: ["[]"] },
  { screen: "/document/show/[id]", call: "axDocumentSaveUserGroups", method: "PUT", url: (c) => `${D}/update/usergroup/${c.newDocument}`, as: "admin", json: [GROUP], status: 200, reads: ["[]"] },
  { screen: "/document/show/[id]", call: "axDocumentGroupsFeature", method: "POST", url: `${D}/featured`, as: "admin", json: (c: Ctx) => ({ notes: "Worth reading", objectId: c.newDocument, objectType: "document", userGroup: [GROUP] }), status: 200 },
  { screen: "/document/show/[id]", call: "axDocumentGroupsUnFeature", method: "PUT", url: (c) => `${D}/unfeatured/${c.newDocument}`, as: "admin", json: [GROUP], status: 200 },
  { screen: "/document/show/[id]", call: "axDownloadDocument", method: "POST", url: `${D}/log/download`, as: "member", json: (c: Ctx) => ({ filePath: c.myUpload, filterUrl: "/document/show/1", status: "success", fileType: "pdf", notes: "Read offline" }), status: 201 },
  { screen: "/document/show/[id]", call: "axAddDocumentComment", method: "POST", url: `${D}/add/comment`, as: "member", json: (c: Ctx) => ({ body: "Useful", languageId: EN, rootHolderId: c.newDocument, rootHolderType: "document", subRootHolderId: null, subRootHolderType: null }), status: 200 },
  { screen: "/document/show/[id]", call: "axListActivity (document)", method: "GET", url: (c) => `${A}/ibp/document/${c.newDocument}?offset=0&limit=3`, status: 200, reads: ["activity[]"] },
  { screen: "/document/show/[id]", call: "axDeleteDocument", method: "DELETE", url: (c) => `${D}/delete/${c.newDocument}`, as: "documentContributor", status: 200 },
  { screen: "/document/create", call: "axUploadDocumentResource (a draft)", method: "POST", url: `${F}/upload/my-uploads`, as: "documentContributor", upload: (c) => ({ fields: { hash: "ibpmu-contract4", module: "document" }, file: { field: "upload", name: "draft.pdf", type: "application/pdf", data: c.pdf } }), status: 200, reads: ["path!"], keep: (b, c) => (c.spareUpload = obj(b).path) },
  { screen: "/document/create", call: "axRemoveMyUploads", method: "POST", url: `${F}/upload/remove-file`, as: "documentContributor", json: (c: Ctx) => ({ path: c.spareUpload }), status: 200 },

  // maps ------------------------------------------------------------------------------------------
  { screen: "/map", call: "naksha layer/all", method: "GET", url: `${N}/layer/all`, status: 200, reads: ["[+].name!", "[].title!", "[].thumbnail!"], keep: (b, c) => (c.layer = list(b)[0]!.name) },
  { screen: "/map", call: "naksha layer/onClick", method: "GET", url: (c) => `${N}/layer/onClick/${c.layer}`, status: 200, reads: ["layerName!", "styles[+].styleName!", "titleColumn", "summaryColumn[]"] },
  { screen: "/map", call: "naksha layer/download", method: "POST", url: `${N}/layer/download`, as: "member", json: (c: Ctx) => ({ layerName: c.layer, layerTitle: "States", attributeList: [], filterArray: [] }), status: 200 },
  {
    screen: "/map/create",
    call: "NakshaLayerUpload",
    method: "POST",
    url: `${N}/layer/upload`,
    as: "admin",
    upload: (c) => ({
      fields: {},
      files: [
        { field: "metadata", name: "metadata.json", type: "application/json", data: Buffer.from(JSON.stringify({ layerName: "Contract blocks", layerDescription: "Forest blocks", layerType: "MULTIPOLYGON", titleColumn: "name", summaryColumns: "name,area_ha", colorBy: "kind", createdBy: "Admin", attribution: "Contract", url: "", pdfLink: "", tags: "forest,blocks", license: "CC-BY", createdDate: "2024-03-01", downloadAccess: "ALL", layerColumnDescription: { name: "Name" }, layerFileDescription: { fileType: "shp", encoding: "UTF-8" }, editAccess: "ALL" })) },
        ...Object.keys(c.shapefile).sort().map((ext) => ({ field: ext, name: `blocks.${ext}`, type: "application/octet-stream", data: c.shapefile[ext]! })),
      ],
    }),
    status: 201,
    reads: ["id!", "name!"],
    keep: (b, c) => (c.newLayer = obj(b).id),
  },
  { screen: "/map", call: "naksha DELETE layer", method: "DELETE", url: (c) => `${N}/layer/${c.newLayer}`, as: "admin", status: 200 },
  { screen: "/map", call: "naksha layer/pending", method: "PUT", url: (c) => `${N}/layer/pending/${c.layer}`, as: "admin", status: 200 },
  { screen: "/map", call: "naksha layer/active", method: "PUT", url: (c) => `${N}/layer/active/${c.layer}`, as: "admin", status: 200 },
  { screen: "/user/show/[id]", call: "axDeleteUser", method: "DELETE", url: (c) => `${U}/user/delete/${c.newcomerId}`, as: "admin", status: 200 },
];
