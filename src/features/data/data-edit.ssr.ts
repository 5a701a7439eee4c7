import type { CCAData } from "@/contracts/cca-data";
import type { TemplateLanguage } from "@/contracts/template";
import { ApiError } from "@/lib/api/api-error";
import { fetchRecord } from "@/lib/api/cca-data";
import { parsePositiveId } from "@/lib/params";
import { forbidden, requireSignIn } from "@/lib/ssr/guards";
import { withLayout } from "@/lib/ssr/with-layout";
import type { UserIbp } from "@/contracts/user";
import { loadContributors, loadTemplate, sanitiseRichText, type DataShowProps } from "./data-show.ssr";
import { isRecordCurator, mayDeleteRecord, mayEditRecord } from "./record-access";

export interface DataEditProps {
  /** The record as its editor reads it (exact geometry); rich text sanitised here. */
  record: CCAData;
  template: DataShowProps["template"];
  canDelete: boolean;
  canRestore: boolean;
  /** Owner first, then the allowed editors: for the editors dialog (empty unless the visitor may delete, i.e. manage editors). */
  contributors: UserIbp[];
}

/**
 * /data/edit/{id}: the record's owner, allowed editors, data curators and admins (the server decides
 * again on every write). Visitors sign in first; anyone else gets the 403 screen; a wrong id the 404.
 */
export const getServerSideProps = withLayout<DataEditProps>(async (screen) => {
  const id = parsePositiveId(screen.ctx.params?.id);
  if (id === null) return { notFound: true };
  const refused = requireSignIn(screen);
  if (refused) return refused;
  const language: TemplateLanguage = screen.locale === "hi" ? "hi" : "en";
  let record: CCAData;
  try {
    record = await fetchRecord(screen.client, id, language);
  } catch (error) {
    if (ApiError.from(error).isClientError) return { notFound: true };
    throw error;
  }
  const user = screen.layout.user;
  if (!mayEditRecord(user, record)) return forbidden();
  const canDelete = mayDeleteRecord(user, record);
  const [template, contributors] = await Promise.all([
    loadTemplate(screen.client, record.shortName, language),
    canDelete ? loadContributors(screen.client, record) : Promise.resolve([]),
  ]);
  return {
    props: {
      record: sanitiseRichText(record, template),
      template,
      contributors,
      canDelete,
      canRestore: isRecordCurator(user),
    },
  };
});
