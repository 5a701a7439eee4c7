import { withLayout } from "@/lib/ssr/with-layout";
import { guardPageEditor, type PageEditProps } from "./page-edit.ssr";

/** /page/create: a new page of the current group and language. */
export const getServerSideProps = withLayout<PageEditProps>(async (screen) => {
  const refused = guardPageEditor(screen);
  if (refused) return refused;
  return { props: { page: null, userGroupId: screen.layout.currentGroup.id, languageId: screen.languageId } };
});

