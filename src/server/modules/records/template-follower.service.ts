/**
 * What records do when a template changes, registered with templates by src/server/app/platform-router.ts
 * (records → templates, never back): keep the records' public places in step with the template's GEOMETRY
 * fields (public-places.service.ts), hide or show the records with their template, and count their values
 * for the template editor.
 */
import type { TemplateWriteFollower } from "../templates/template-followers";
import { rederivePublicPlaces, placeLevels, withChildrenPlaces } from "./public-places.service";
import { countTemplateValues, syncTemplateDeletedFlag } from "./records-of-template.repository";

export const recordsTemplateFollower: TemplateWriteFollower = {
  async fieldsChange(tx, templateId, change) {
    const before = await placeLevels(tx, templateId);
    const result = await change();
    await rederivePublicPlaces(tx, templateId, before, await placeLevels(tx, templateId));
    return result;
  },
  async deleteOrRestore(tx, templateId, change) {
    const result = await withChildrenPlaces(tx, templateId, change);
    await syncTemplateDeletedFlag(tx, templateId);
    return result;
  },
  countValues: countTemplateValues,
};
