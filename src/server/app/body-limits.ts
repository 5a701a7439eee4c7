/**
 * How much body each write of the platform takes (issue 27 item 8). Every route takes at most
 * DEFAULT_BODY_LIMIT (1 MB: JSON and forms) unless listed here; the few that take more are listed with
 * what they legitimately receive, and the uploads with the check of the caller that runs before a
 * byte of their body is read. The router refuses a Content-Length past the limit with 413 before
 * reading anything, answers 405 for a method the route does not take without reading the body, and
 * counts a body without Content-Length as it streams in (413 once past the limit).
 */
import { LAYER_UPLOAD_MAX_BYTES } from "@/contracts/naksha-layer";
import { WEB_VITALS_MAX_BODY_BYTES } from "@/contracts/web-vitals";
import { requireAccount, requireAdminAccount } from "../modules/accounts/account-context";
import type { Router } from "../infra/http/router";
import type { BodyPolicy } from "../infra/http/types";
import { UPLOAD_LIMITS } from "../modules/uploads/upload-media";

const MB = 1024 * 1024;
/** Multipart boundaries, part headers and the small text fields around an upload's file. */
const MULTIPART_OVERHEAD = MB;

const signedIn = (ctx: Parameters<NonNullable<BodyPolicy["beforeBody"]>>[0]) => requireAccount(ctx);
const administrator = (ctx: Parameters<NonNullable<BodyPolicy["beforeBody"]>>[0]) => requireAdminAccount(ctx);

/** [method, service, pattern, policy] */
export const BODY_LIMITS: readonly (readonly [string, string, string, BodyPolicy])[] = [
  // Files: the largest upload (a video, 100 MB; PDF documents 50 MB), for signed-in callers only.
  ["POST", "files", "/upload/resource-upload", { maxBytes: UPLOAD_LIMITS.video + MULTIPART_OVERHEAD, beforeBody: signedIn }],
  ["POST", "files", "/upload/my-uploads", { maxBytes: UPLOAD_LIMITS.video + MULTIPART_OVERHEAD, beforeBody: signedIn }],
  // Map layers (shapefiles, GeoJSON, KML, GeoTIFF): administrators.
  ["POST", "nakshaIntegrator", "/layer/upload", { maxBytes: LAYER_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD, beforeBody: administrator }],
  ["POST", "nakshaIntegrator", "/layer/preview", { maxBytes: LAYER_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD, beforeBody: administrator }],
  // BibTeX import: a small file (its own cap is 64 KB), for signed-in callers only.
  ["POST", "document", "/v1/services/upload/bib", { maxBytes: MB, beforeBody: signedIn }],
  // Pages: HTML content up to a million characters (three bytes each in Devanagari) and its gallery.
  ["POST", "pages", "/v1/page", { maxBytes: 6 * MB }],
  ["PUT", "pages", "/v1/page", { maxBytes: 6 * MB }],
  // Records: rich texts (100 K characters each) and geometries (a drawn or imported boundary).
  ["POST", "cca", "/v1/data/save", { maxBytes: 16 * MB }],
  ["PUT", "cca", "/v1/data/update", { maxBytes: 16 * MB }],
  ["PUT", "cca", "/v1/data/update/location", { maxBytes: 16 * MB }],
  // Templates: many fields, each with its texts in every language.
  ["POST", "cca", "/v1/template/save", { maxBytes: 4 * MB }],
  ["PUT", "cca", "/v1/template/update", { maxBytes: 4 * MB }],
  // Web vitals of one page view, from any visitor: a few numbers (issue 35).
  ["POST", "utility", "/v1/services/vitals", { maxBytes: WEB_VITALS_MAX_BODY_BYTES }],
];

export function applyBodyLimits(router: Router): void {
  for (const [method, service, pattern, policy] of BODY_LIMITS) router.limitBody(method, service, pattern, policy);
}
