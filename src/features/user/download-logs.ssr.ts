import type { DownloadLogList } from "@/contracts/cca-export";
import { fetchDownloadLogs } from "@/lib/api/cca-export";
import { requireSignIn } from "@/lib/ssr/guards";
import { withLayout } from "@/lib/ssr/with-layout";
import { LOGS_PAGE_SIZE, logsOffset } from "./download-logs-query";

export interface DownloadLogsProps {
  offset: number;
  /** The page as the server rendered it; null when the platform could not answer (the screen retries). */
  initial: DownloadLogList | null;
}

/** /user/download-logs: the visitor's exports (administrators: everyone's); visitors sign in first. */
export const getServerSideProps = withLayout<DownloadLogsProps>(async (screen) => {
  const refused = requireSignIn(screen);
  if (refused) return refused;
  const offset = logsOffset(screen.ctx.query.offset);
  const initial = await fetchDownloadLogs(screen.client, offset, LOGS_PAGE_SIZE).catch(() => null);
  return { props: { offset, initial } };
});
