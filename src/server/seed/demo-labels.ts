/**
 * The demo's Local Contexts labels on a document and a group (issue 30, item 3): the Nagaland community
 * forests group carries "Attribution" and "Community Voice" (with the community's own text in English
 * and Hindi), applied by its founder; the review of community forest management in Nagaland carries "Non-Commercial",
 * applied by its uploader. Added once (marker), after the demo groups and documents, on a new or an
 * older demo database; a group or document that is gone is skipped.
 */
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { LabelText } from "@/contracts/local-contexts";
import type { Db } from "../infra/db/db";
import { replaceLabels } from "../modules/labels/label.repository";
import { SEED_USER_BY_ROLE } from "./demo-users";

export const DEMO_LABELS_MARKER = "seed.demo.document_group_labels";

/** The group's slug and its labels. */
export const DEMO_GROUP_LABELS: { slug: string; labels: Array<{ labelId: string; text: LabelText | null }> } = {
  slug: "nagaland-community-forests",
  labels: [
    { labelId: "tk-attribution", text: null },
    {
      labelId: "tk-community-voice",
      text: {
        en: "The village councils of Nagaland speak for these forests. Ask them, and quote them, when you write about their forests.",
        hi: "इन वनों की ओर से नागालैंड की ग्राम परिषदें बोलती हैं। इनके वनों के बारे में लिखते समय उनसे पूछें और उनकी बात उद्धृत करें।",
      },
    },
  ],
};

/** The document's title and its labels. */
export const DEMO_DOCUMENT_LABELS: { title: string; labels: Array<{ labelId: string; text: LabelText | null }> } = {
  title: "Community forest management in Nagaland: a review",
  labels: [{ labelId: "tk-non-commercial", text: null }],
};

/** Applies the demo labels once; returns whether it did. */
export async function seedDemoLabelsWhenMissing(db: Db): Promise<boolean> {
  if (await db.maybeOne("select 1 as seeded from platform_meta where key = $1", [DEMO_LABELS_MARKER])) return false;
  const documentDone = await db.transaction(async (tx) => {
    const founder = await tx.maybeOne<{ id: number }>("select id from app_user where lower(email) = lower($1)", [SEED_USER_BY_ROLE.groupFounder.email]);
    const group = await tx.maybeOne<{ id: number }>("select id from user_group where slug = $1 and not is_deleted", [DEMO_GROUP_LABELS.slug]);
    if (founder && group) await replaceLabels(tx, "group", group.id, founder.id, DEMO_GROUP_LABELS.labels);
    const doc = await tx.maybeOne<{ id: number; author_id: number }>("select id, author_id from document where title = $1 and not is_deleted order by id limit 1", [DEMO_DOCUMENT_LABELS.title]);
    if (doc) await replaceLabels(tx, "document", doc.id, doc.author_id, DEMO_DOCUMENT_LABELS.labels);
    // Without the demo documents yet (they are seeded after), try again on the next start.
    if (doc) await tx.query("insert into platform_meta (key, value) values ($1, $2) on conflict (key) do nothing", [DEMO_LABELS_MARKER, new Date().toISOString()]);
    return doc !== null;
  });
  invalidateCache(CACHE_KEYS.groupList);
  invalidateCache(CACHE_KEYS.documents);
  return documentDone;
}
