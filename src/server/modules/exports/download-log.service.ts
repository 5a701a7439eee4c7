/** The one download log's list (download-log.routes.ts): exports with their progress, and document downloads. */
import type { Account } from "../accounts/account-context";
import type { Queryable } from "../../infra/db/db";
import { listDownloadLogs } from "./download-log.repository";
import { isExportActive } from "./export.service";

/** Own entries, everyone's for administrators (the repository decides by the viewer). */
export function listDownloads(db: Queryable, account: Account, options: Parameters<typeof listDownloadLogs>[2]) {
  return listDownloadLogs(db, account, options, isExportActive);
}
