/**
 * Local Contexts labels, whatever holds them (issue 30, item 3; catalogue and contract in
 * src/contracts/local-contexts.ts): a holder's labels as the API answers them (catalogue order, the
 * community's own text per language, who applied each and when), the body of a change checked and
 * cleaned, and what a change added and removed. Who may read or change them is each holder's module's
 * rule (records: the visibility engine; documents: the uploader; groups: the founders).
 */
import { labelById, labelOrder, type LabelText, type RecordLabel, type RecordLabelsInput } from "@/contracts/local-contexts";
import { recordLabelsSchema } from "@/contracts/record-labels.schema";
import type { Queryable } from "../../infra/db/db";
import { validateWith } from "../../infra/http/validate";
import { findUsersByIds } from "../accounts/user.repository";
import { toIbp } from "../accounts/user.service";
import { findLabels, replaceLabels, type LabelHolder } from "./label.repository";

export type { LabelHolder };

/** The community's text without blank languages; null when nothing is left (the catalogue's text serves). */
export function cleanLabelText(text: LabelText | null | undefined): LabelText | null {
  if (!text) return null;
  const clean: LabelText = {};
  if (text.en && text.en.trim() !== "") clean.en = text.en.trim();
  if (text.hi && text.hi.trim() !== "") clean.hi = text.hi.trim();
  return Object.keys(clean).length > 0 ? clean : null;
}

/** A holder's labels in the catalogue's order (label types the portal does not ship are left out). */
export async function labelsOf(db: Queryable, holder: LabelHolder, id: number): Promise<RecordLabel[]> {
  const rows = (await findLabels(db, holder, id)).filter((r) => labelById(r.label_id) !== undefined);
  rows.sort((a, b) => labelOrder(a.label_id) - labelOrder(b.label_id));
  const users = await findUsersByIds(db, [...new Set(rows.map((r) => r.applied_by).filter((userId): userId is number => userId !== null))]);
  const byId = new Map(users.map((u) => [u.id, toIbp(u)]));
  return rows.map((row) => {
    const label = labelById(row.label_id)!;
    return {
      labelId: label.id,
      kind: label.kind,
      restricts: label.restricts,
      text: cleanLabelText(row.text),
      appliedBy: row.applied_by === null ? null : (byId.get(row.applied_by) ?? null),
      appliedOn: new Date(row.applied_on).toISOString(),
    };
  });
}

/** The body of a change (`{labels:[{labelId, text?}]}`), checked (400 with keys) and cleaned, in the catalogue's order. */
export async function readLabelsBody(body: unknown): Promise<Array<{ labelId: string; text: LabelText | null }>> {
  const input = (await validateWith(recordLabelsSchema, body)) as RecordLabelsInput;
  return input.labels.map((l) => ({ labelId: l.labelId, text: cleanLabelText(l.text) })).sort((a, b) => labelOrder(a.labelId) - labelOrder(b.labelId));
}

/** Replaces the holder's labels (in the caller's transaction) and answers what the history says of it. */
export async function storeLabels(
  tx: Queryable,
  holder: LabelHolder,
  id: number,
  userId: number,
  labels: ReadonlyArray<{ labelId: string; text: LabelText | null }>,
): Promise<{ description: string; details: { labels: string[]; added: string[]; removed: string[] } }> {
  const before = new Set((await findLabels(tx, holder, id)).map((r) => r.label_id));
  await replaceLabels(tx, holder, id, userId, labels);
  const after = labels.map((l) => l.labelId);
  return {
    description: labels.map((l) => labelById(l.labelId)!.name).join(", "),
    details: { labels: after, added: after.filter((l) => !before.has(l)), removed: [...before].filter((l) => !after.includes(l)) },
  };
}
