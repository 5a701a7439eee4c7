import { localeFor } from "@site-config";
import type { PageShowFull } from "@/contracts/page";
import { ApiError } from "@/lib/api/api-error";
import { fetchPage } from "@/lib/api/pages";
import { parsePositiveId } from "@/lib/params";
import { forbidden, localizedPath, requireSignIn } from "@/lib/ssr/guards";
import { withLayout, type ScreenContext } from "@/lib/ssr/with-layout";

export interface PageEditProps {
  /** null on /page/create. */
  page: PageShowFull | null;
  /** The tree the page lives in: the current group (null = main site) and language. */
  userGroupId: number | null;
  languageId: number;
}

/** Anonymous → sign in (and back); signed in without the right to edit this tree's pages → 403. */
export function guardPageEditor(screen: ScreenContext) {
  const redirect = requireSignIn(screen);
  if (redirect) return redirect;
  if (!screen.layout.canEditPages) return forbidden();
  return null;
}

/**
 * /page/edit/{id}: the page in full format; 404 when missing, deleted or of another group's tree.
 * A page opens in the visitor's language when it is translated into it, otherwise in its own language
 * (its own tree for the parent select).
 */
export const getServerSideProps = withLayout<PageEditProps>(async (screen) => {
  const refused = guardPageEditor(screen);
  if (refused) return refused;
  const { ctx, client, layout, languageId } = screen;
  const id = parsePositiveId(ctx.params?.pageId);
  if (id === null) return { notFound: true };
  let page: PageShowFull;
  try {
    page = await fetchPage(client, id, "full", languageId);
  } catch (error) {
    if (ApiError.from(error).isClientError) return { notFound: true };
    throw error;
  }
  if ((page.userGroupId ?? null) !== layout.currentGroup.id) return { notFound: true };
  if (page.languageId !== languageId) {
    const locale = localeFor(page.languageId);
    const path = ctx.resolvedUrl.replace(/^\/(hi|en)(?=\/|$)/, "") || "/";
    return { redirect: { destination: localizedPath({ locale, defaultLocale: ctx.defaultLocale }, path), permanent: false } };
  }
  return { props: { page, userGroupId: layout.currentGroup.id, languageId } };
});
