import { ROLES } from "@site-config";
import { FIELD_SETS, COVERAGE_DEFAULT_LIMIT, type FieldSetId, type RecognitionCoverage, type RecognitionMappingView } from "@/contracts/recognition";
import { fetchPackInfo, fetchRecognitionCoverage, fetchRecognitionMapping } from "@/lib/api/recognition";
import { forbidden, requireRole, requireSignIn, type SignInRedirect } from "@/lib/ssr/guards";
import { withLayout, type ForbiddenResult, type ScreenContext } from "@/lib/ssr/with-layout";

/**
 * `/admin/recognition` (administrators: the whole site's pack and the mapping editor) and
 * `/group/{name}/admin/recognition` (administrators and the group's founders: the group's pack);
 * `…/recognition/coverage` the coverage of either. Others get the 403 screen, anonymous visitors the sign-in.
 */
function guard(screen: ScreenContext): SignInRedirect | ForbiddenResult | null {
  const groupId = screen.layout.currentGroup.id;
  if (groupId === null) return requireRole(screen, [ROLES.ADMIN]);
  const signIn = requireSignIn(screen);
  if (signIn) return signIn;
  // Admins and the group's founders (the platform checks every call again).
  return screen.layout.groupActions?.canEditMicrosite === true ? null : forbidden();
}

const fieldSetOf = (value: unknown): FieldSetId => (typeof value === "string" && (FIELD_SETS as readonly string[]).includes(value) ? (value as FieldSetId) : "wdpca2025");
const isAdmin = (screen: ScreenContext) => screen.layout.user?.roles?.includes(ROLES.ADMIN) === true;

export interface RecognitionProps {
  groupId: number | null;
  /** Records the pack holds (null: the platform could not answer). */
  records: number | null;
  /** The mapping editor (administrators, on the site's screen); null elsewhere. */
  mapping: RecognitionMappingView | null;
}

export const getRecognitionProps = withLayout<RecognitionProps>(async (screen) => {
  const refused = guard(screen);
  if (refused) return refused;
  const groupId = screen.layout.currentGroup.id;
  const records = await fetchPackInfo(screen.client, groupId)
    .then((info) => info.records)
    .catch(() => null);
  const mapping =
    groupId === null && isAdmin(screen)
      ? await fetchRecognitionMapping(screen.client, fieldSetOf(screen.ctx.query.fieldSet), screen.locale === "hi" ? "hi" : "en").catch(() => null)
      : null;
  return { props: { groupId, records, mapping } };
});

export interface CoverageProps {
  groupId: number | null;
  fieldSet: FieldSetId;
  /** null: the platform could not answer. */
  coverage: RecognitionCoverage | null;
}

export const getCoverageProps = withLayout<CoverageProps>(async (screen) => {
  const refused = guard(screen);
  if (refused) return refused;
  const groupId = screen.layout.currentGroup.id;
  const fieldSet = fieldSetOf(screen.ctx.query.fieldSet);
  const offsetText = typeof screen.ctx.query.offset === "string" ? screen.ctx.query.offset : "0";
  const offset = /^\d{1,7}$/.test(offsetText) ? Number(offsetText) : 0;
  const coverage = await fetchRecognitionCoverage(screen.client, { fieldSet, groupId, offset, limit: COVERAGE_DEFAULT_LIMIT }).catch(() => null);
  return { props: { groupId, fieldSet, coverage } };
});
