import { ROLES } from "@site-config";
import type { DocumentEditData } from "@/contracts/document";
import { ApiError } from "@/lib/api/api-error";
import { fetchDocumentEdit } from "@/lib/api/documents";
import { parsePositiveId } from "@/lib/params";
import { forbidden, requireRole, requireSignIn } from "@/lib/ssr/guards";
import { withLayout } from "@/lib/ssr/with-layout";

export interface DocumentFormProps {
  /** The stored document (edit); null for a new one. */
  edit: DocumentEditData | null;
}

/** /document/create: admins and document contributors (anonymous → sign in, others → 403). */
export const getCreateProps = withLayout<DocumentFormProps>(async (screen) => {
  const refused = requireRole(screen, [ROLES.ADMIN, ROLES.DOCUMENT_CONTRIBUTOR]);
  if (refused) return refused;
  return { props: { edit: null } };
});

/** /document/edit/{id}: the uploader or an admin (the platform decides: 403 → the 403 screen, 404 → not found). */
export const getEditProps = withLayout<DocumentFormProps>(async (screen) => {
  const redirect = requireSignIn(screen);
  if (redirect) return redirect;
  const id = parsePositiveId(screen.ctx.params?.id);
  if (id === null) return { notFound: true };
  try {
    return { props: { edit: await fetchDocumentEdit(screen.client, id) } };
  } catch (error) {
    const e = ApiError.from(error);
    if (e.status === 403) return forbidden();
    if (e.isClientError) return { notFound: true };
    throw error;
  }
});
