import type { DocumentListResponse } from "@/contracts/document";
import { listDocuments } from "@/lib/api/documents";
import { withLayout } from "@/lib/ssr/with-layout";
import { documentQueryParams, parseDocumentListQuery, type DocumentListState } from "./document-list-query";

export interface DocumentListProps {
  state: DocumentListState;
  /** The first page as the server rendered it; null when the platform could not answer (the screen retries). */
  initial: DocumentListResponse | null;
}

/** /document/list (and a group's): the first page with its counts, so a shared or crawled link opens filtered. */
export const getServerSideProps = withLayout<DocumentListProps>(async ({ ctx, client, layout }) => {
  const state = parseDocumentListQuery(ctx.query as Record<string, string | string[] | undefined>);
  const initial = await listDocuments(client, documentQueryParams(state, layout.currentGroup.id)).catch(() => null);
  return { props: { state, initial } };
});
