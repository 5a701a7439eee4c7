import { withLayout } from "@/lib/ssr/with-layout";
import { guardTemplateWriter } from "./template-access";
import { loadParents, type TemplateEditProps } from "./template-edit.ssr";

/** /template/create: the metadata of a new template (its fields are added on the editor next). */
export const getServerSideProps = withLayout<TemplateEditProps>(async (screen) => {
  const refused = guardTemplateWriter(screen);
  if (refused) return refused;
  return { props: { template: null, masterFields: [], parents: await loadParents(screen, "en", null), language: "en" } };
});
