import { registerAccountRoutes } from "../modules/accounts/account.routes";
import { applyBodyLimits } from "./body-limits";
import { registerDataRoutes } from "../modules/records/data.routes";
import { registerDataSaveRoutes } from "../modules/records/data-save.routes";
import { registerDataUpdateRoutes } from "../modules/records/data-update.routes";
import { registerRecordSocialRoutes } from "../modules/records/record-social.routes";
import { registerRecordConsentRoutes } from "../modules/records/record-consent.routes";
import { registerRecordReviewRoutes } from "../modules/records/record-review.routes";
import { registerRecordLabelRoutes } from "../modules/records/record-labels.routes";
import { registerRecordTreatmentRoutes } from "../modules/records/record-treatments.routes";
import { registerLocalContextsHubRoutes } from "../modules/records/local-contexts-hub.routes";
import { followConsentNarrowing } from "../modules/records/consent-followers";
import { supersedeExports } from "../modules/exports/export.service";
import { registerDataExportRoutes } from "../modules/exports/data-export.routes";
import { registerTemplateRoutes } from "../modules/templates/template.routes";
import { followTemplateWrites } from "../modules/templates/template-followers";
import { recordsTemplateFollower } from "../modules/records/template-follower.service";
import { registerFileRoutes } from "../modules/uploads/files.routes";
import { registerUploadRoutes } from "../modules/uploads/upload.routes";
import { Router } from "../infra/http/router";
import type { PlatformDeps } from "../infra/http/types";
import { registerOutboxRoutes } from "../modules/accounts/outbox.routes";
import { registerPageCommentRoutes } from "../modules/pages/page-comment.routes";
import { registerPageRoutes } from "../modules/pages/page.routes";
import { registerUserGroupRoutes } from "../modules/groups/group.routes";
import { registerDataChartRoutes } from "../modules/records/data-chart.routes";
import { registerHomeRoutes } from "../modules/site/home.routes";
import { registerAnnouncementRoutes } from "../modules/site/announcement.routes";
import { registerLicenseRoutes } from "../modules/site/license.routes";
import { registerWebVitalsRoutes } from "../modules/site/web-vitals.routes";
import { registerLocationRoutes } from "../modules/maps/location.routes";
import { registerLayerRoutes } from "../modules/maps/layer.routes";
import { registerMapPackRoutes } from "../modules/maps/map-pack.routes";
import { registerIntegratorRoutes } from "../modules/accounts/integrator.routes";
import { registerUserSearchRoutes } from "../modules/accounts/user-search.routes";
import { registerDocumentRoutes } from "../modules/documents/document.routes";
import { registerDownloadLogRoutes } from "../modules/exports/download-log.routes";
import { registerMyUploadRoutes } from "../modules/uploads/my-uploads.routes";
import { registerRecognitionRoutes } from "../modules/recognition/recognition.routes";
import { registerSearchRoutes } from "../modules/search/search.routes";

/** Every service of the platform on one router. Cheap to build; holds no state beyond `deps`. */
export function createPlatformRouter(deps: PlatformDeps): Router {
  const router = new Router(deps);
  // Template writes keep their records' public places in step (templates never import records).
  followTemplateWrites(recordsTemplateFollower);
  // A record's narrowed consent supersedes the exports made before (records never import exports).
  followConsentNarrowing(supersedeExports);
  registerUserGroupRoutes(router);
  registerAccountRoutes(router);
  registerPageRoutes(router);
  registerPageCommentRoutes(router);
  registerFileRoutes(router);
  registerUploadRoutes(router);
  registerOutboxRoutes(router);
  registerTemplateRoutes(router);
  registerLocationRoutes(router);
  registerLayerRoutes(router);
  // Offline map packs (issue 32).
  registerMapPackRoutes(router);
  registerDataRoutes(router);
  // Site search over everything public (issue 33).
  registerSearchRoutes(router);
  registerDataSaveRoutes(router);
  registerDataUpdateRoutes(router);
  registerRecordSocialRoutes(router);
  registerRecordConsentRoutes(router);
  registerRecordReviewRoutes(router);
  registerRecordLabelRoutes(router);
  registerRecordTreatmentRoutes(router);
  registerLocalContextsHubRoutes(router);
  registerDownloadLogRoutes(router);
  registerDataExportRoutes(router);
  registerHomeRoutes(router);
  registerDataChartRoutes(router);
  // Parity with the original platform's clients (issue 19).
  registerAnnouncementRoutes(router);
  registerLicenseRoutes(router);
  registerIntegratorRoutes(router);
  registerUserSearchRoutes(router);
  registerMyUploadRoutes(router);
  registerDocumentRoutes(router);
  // The WDPCA / ICCA Registry pack (issue 31).
  registerRecognitionRoutes(router);
  // Web vitals from visitors' browsers, when the operator turns them on (issue 35).
  registerWebVitalsRoutes(router);
  // How much body each write takes, and who may send a large one (checked before reading it).
  applyBodyLimits(router);
  return router;
}
