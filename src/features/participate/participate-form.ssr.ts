import type { CCAField, CCATemplate } from "@/contracts/template";
import { ApiError } from "@/lib/api/api-error";
import { fetchMembershipMap } from "@/lib/api/groups";
import { fetchTemplate } from "@/lib/api/templates";
import { forbidden, requireSignIn } from "@/lib/ssr/guards";
import { withLayout } from "@/lib/ssr/with-layout";
import { ROLES } from "@site-config";
import { mayAnswer } from "./participate-access";

export interface GroupChoice {
  id: number;
  name: string;
}

export interface ParticipateFormProps {
  template: { id: number; name: string; description: string; shortName: string; fields: CCAField[] };
  /** Groups the member may post to (admins: all), the current group first. */
  groups: GroupChoice[];
  /** The current group's id (ticked), or null on the main site. */
  currentGroupId: number | null;
}

/** /participate/{shortName}: signed-in members holding a role of the template's permissions (admins always). */
export const getServerSideProps = withLayout<ParticipateFormProps>(async (screen) => {
  const refused = requireSignIn(screen);
  if (refused) return refused;
  const shortName = String(screen.ctx.params?.shortName ?? "");
  const language = screen.locale === "hi" ? "hi" : "en";
  let own: CCATemplate;
  try {
    own = await fetchTemplate(screen.client, shortName, language);
  } catch (error) {
    if (ApiError.from(error).status === 404) return { notFound: true };
    throw error;
  }
  if (!mayAnswer(screen.layout.user, own.permissions)) return forbidden();
  const fields = own.parentName ? (await fetchTemplate(screen.client, own.parentName, language)).fields : own.fields;
  const isAdmin = (screen.layout.user?.roles as readonly string[] | undefined)?.includes(ROLES.ADMIN) ?? false;
  const membership = isAdmin ? null : await fetchMembershipMap(screen.client).catch(() => ({}) as Record<string, boolean>);
  const currentGroupId = screen.layout.currentGroup.id;
  const groups = screen.layout.groups
    .filter((g) => isAdmin || membership?.[String(g.id)] === true)
    .map((g) => ({ id: g.id, name: language === "hi" && g.nameLocal ? g.nameLocal : g.name }))
    .sort((a, b) => Number(b.id === currentGroupId) - Number(a.id === currentGroupId));
  return {
    props: {
      template: { id: own.id, name: own.name, description: own.description, shortName: own.shortName, fields },
      groups,
      currentGroupId,
    },
  };
});
