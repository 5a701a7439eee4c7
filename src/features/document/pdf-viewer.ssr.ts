import { isPortalFileUrl } from "@/contracts/document";
import { withLayout } from "@/lib/ssr/with-layout";

export interface PdfViewerPageProps {
  /** The file asked for, when it is one of this portal's files; null otherwise (refused). */
  file: string | null;
}

/** /pdf-viewer?file=: only paths of this portal's files service are opened; any other address is a 400 page. */
export const getServerSideProps = withLayout<PdfViewerPageProps>(async ({ ctx }) => {
  const raw = ctx.query.file;
  const file = typeof raw === "string" && isPortalFileUrl(raw) ? raw : null;
  if (!file) ctx.res.statusCode = 400;
  return { props: { file } };
});
