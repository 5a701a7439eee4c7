import SITE_CONFIG from "@site-config";
import type { GroupEditBody } from "@/contracts/group.schema";
import type { NewUserGroup } from "./group.repository";

const DEFAULT_LANGUAGE_ID = SITE_CONFIG.LANG.DEFAULT_ID;

/** A group as a create or edit body gives it, ready to store. Descriptions are plain text (render them as text). */
export type GroupInput = Omit<NewUserGroup, "id"> & { translations: { languageId: number; name: string; description: string }[] };

/** The stored shape of a checked body: English on the base row, the other languages as translation rows. */
export function toGroupInput(body: GroupEditBody): GroupInput {
  const english = body.translation.find((t) => t.languageId === DEFAULT_LANGUAGE_ID) ?? { name: "", description: "" };
  return {
    slug: body.webAddress,
    name: english.name,
    nameLocal: body.nameLocal === "" ? null : body.nameLocal,
    description: english.description,
    icon: body.icon ?? null,
    domainName: body.domainName ?? null,
    allowUserToJoin: body.allowUserToJoin,
    displayOrder: body.displayOrder ?? 0,
    translations: body.translation.filter((t) => t.languageId !== DEFAULT_LANGUAGE_ID),
  };
}
