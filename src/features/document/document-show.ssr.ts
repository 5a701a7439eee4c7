import type { ShowDocument } from "@/contracts/document";
import { ApiError } from "@/lib/api/api-error";
import { fetchDocument } from "@/lib/api/documents";
import { parsePositiveId } from "@/lib/params";
import { withLayout } from "@/lib/ssr/with-layout";

export interface DocumentShowProps {
  doc: ShowDocument;
}

/** /document/show/{id}: the document; a missing or deleted one is a 404. The document's address is never fetched here. */
export const getServerSideProps = withLayout<DocumentShowProps>(async ({ ctx, client }) => {
  const id = parsePositiveId(ctx.params?.id);
  if (id === null) return { notFound: true };
  try {
    return { props: { doc: await fetchDocument(client, id) } };
  } catch (error) {
    if (ApiError.from(error).isClientError) return { notFound: true };
    throw error;
  }
});
