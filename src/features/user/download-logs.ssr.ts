import type { DownloadLogList, DownloadSource } from "@/contracts/download-log";
import { fetchDownloadLogs } from "@/lib/api/download-log";
import { requireSignIn } from "@/lib/ssr/guards";
import { withLayout } from "@/lib/ssr/with-layout";
import { LOGS_PAGE_SIZE, logsOffset, logsSource } from "./download-logs-query";

export interface DownloadLogsProps {
  offset: number;
  sourceType: DownloadSource | null;
  /** The page as the server rendered it; null when the platform could not answer (the screen retries). */
  initial: DownloadLogList | null;
}

/** /user/download-logs: the visitor's exports and document downloads (administrators: everyone's); visitors sign in first. */
export const getServerSideProps = withLayout<DownloadLogsProps>(async (screen) => {
  const refused = requireSignIn(screen);
  if (refused) return refused;
  const offset = logsOffset(screen.ctx.query.offset);
  const sourceType = logsSource(screen.ctx.query.sourceType);
  const language = screen.locale === "hi" ? "hi" : "en";
  const initial = await fetchDownloadLogs(screen.client, { offset, limit: LOGS_PAGE_SIZE, sourceType, language }).catch(() => null);
  return { props: { offset, sourceType, initial } };
});
