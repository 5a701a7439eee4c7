import { registerFileRoutes } from "./files/files.routes";
import { Router } from "./http/router";
import type { PlatformDeps } from "./http/types";
import { registerPageRoutes } from "./pages/page.routes";
import { registerUserGroupRoutes } from "./user-group/user-group.routes";

/** Every service of the platform on one router. Cheap to build; holds no state beyond `deps`. */
export function createPlatformRouter(deps: PlatformDeps): Router {
  const router = new Router(deps);
  registerUserGroupRoutes(router);
  registerPageRoutes(router);
  registerFileRoutes(router);
  return router;
}
