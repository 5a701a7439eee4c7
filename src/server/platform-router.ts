import { registerAccountRoutes } from "./accounts/account.routes";
import { applyBodyLimits } from "./body-limits";
import { registerDataRoutes } from "./cca/data.routes";
import { registerDataSaveRoutes } from "./cca/data-save.routes";
import { registerDataUpdateRoutes } from "./cca/data-update.routes";
import { registerDataSocialRoutes } from "./cca/data-social.routes";
import { registerDataExportRoutes } from "./cca/data-export.routes";
import { registerTemplateRoutes } from "./cca/template.routes";
import { registerFileRoutes } from "./files/files.routes";
import { registerUploadRoutes } from "./files/upload";
import { Router } from "./http/router";
import type { PlatformDeps } from "./http/types";
import { registerOutboxRoutes } from "./notify/outbox.routes";
import { registerPageCommentRoutes } from "./pages/page-comment";
import { registerPageRoutes } from "./pages/page.routes";
import { registerUserGroupRoutes } from "./user-group/user-group.routes";
import { registerDataChartRoutes } from "./cca/data-chart.routes";
import { registerHomeRoutes } from "./home/home.routes";
import { registerAnnouncementRoutes } from "./utility/announcement.routes";
import { registerLicenseRoutes } from "./resources/license.routes";
import { registerLocationRoutes } from "./naksha/location.routes";
import { registerLayerRoutes } from "./naksha/layer.routes";
import { registerIntegratorRoutes } from "./accounts/integrator.routes";
import { registerUserSearchRoutes } from "./accounts/user-search.routes";
import { registerDocumentRoutes } from "./documents/document.routes";
import { registerDownloadLogRoutes } from "./download-log/download-log.routes";
import { registerMyUploadRoutes } from "./files/my-uploads";

/** Every service of the platform on one router. Cheap to build; holds no state beyond `deps`. */
export function createPlatformRouter(deps: PlatformDeps): Router {
  const router = new Router(deps);
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
  registerDataRoutes(router);
  registerDataSaveRoutes(router);
  registerDataUpdateRoutes(router);
  registerDataSocialRoutes(router);
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
  // How much body each write takes, and who may send a large one (checked before reading it).
  applyBodyLimits(router);
  return router;
}
