/**
 * Followers of a CCA record (`cca_data.followers`) and the one way they hear of it: a change, a comment
 * or a new editor is told to every follower except the person who made it, through the outbox
 * (`notify`, so e-mail/SMS when configured). Used by every record write of issue 14; following and
 * unfollowing themselves are `addFollower` / `removeFollower` of record-social.repository.ts.
 */
import SITE_CONFIG from "@site-config";
import type { PlatformDeps } from "../../infra/http/types";
import { notify } from "../../infra/notify/notify";
import { contactOf } from "../groups/group-messages";
import { findRecords } from "./data.repository";
import { followerContacts } from "./record-social.repository";
import { findRecordFacts } from "./record-write.repository";
import { recordAccess } from "./visibility";
import { findGroupRoles } from "./visibility.repository";

const TITLE = SITE_CONFIG.SITE.TITLE;

export interface FollowerNotice {
  /** What happened, in English and in Hindi, e.g. "Area changed from 120 to 135" / "क्षेत्र 120 से 135 हुआ". */
  en: string;
  hi: string;
}

/** The message followers get: both languages in one message, with a link to the record. */
export function followerMessage(recordTitle: string, link: string, notice: FollowerNotice): { subject: string; text: string } {
  return {
    subject: `${TITLE.en}: ${recordTitle} / ${TITLE.hi}: ${recordTitle}`,
    text: `${notice.en}\n${link}\n\n${notice.hi}\n${link}`,
  };
}

/**
 * Tells every follower of the record except `actorId` who may still see it (the visibility engine: a
 * follower its consent no longer names hears nothing of it); deleted users and users without an address
 * are skipped. Call after the write committed; a failed delivery never fails the write (see `notify`).
 */
export async function notifyFollowers(deps: PlatformDeps, recordId: number, actorId: number, recordTitle: string, notice: FollowerNotice): Promise<number> {
  const rows = await followerContacts(deps.db, recordId, actorId);
  // A deleted record's followers hear of the deletion: its stored facts still decide who may.
  const [record] = await findRecords(deps.db, [recordId], { live: true });
  const facts = record ?? (await findRecordFacts(deps.db, recordId));
  if (!facts) return 0;
  const link = `${deps.settings.siteUrl.replace(/\/+$/, "")}/data/show/${recordId}`;
  const message = followerMessage(recordTitle, link, notice);
  let sent = 0;
  for (const row of rows) {
    const standing = { id: row.id, roles: row.roles, groupRoles: await findGroupRoles(deps.db, row.id, facts.usergroups) };
    if (!recordAccess(standing, facts).see) continue;
    const target = contactOf(row);
    if (!target) continue;
    await notify(deps, { ...target, ...message });
    sent += 1;
  }
  return sent;
}
