/**
 * The outbox keeps every message, verification and password reset codes included (issue 27 item 16):
 * once a code can no longer be used its digits are overwritten in the stored message with `CODE_MASK`,
 * so neither an administrator reading /admin/outbox nor a copy of the database learns an old code.
 *
 * A code message (known by its subject, as `otpMessage` writes it) stays readable only while its code
 * can still be used: it is younger than a code's lifetime and the account still holds a live code of
 * that purpose (`hasLiveOtp`). Every live code of a purpose works, a wrong try costs each of them one
 * and using one retires the others (auth/otp.ts), so they live and die together: the newest is live
 * exactly when any is. Every other code message is masked. The sweep runs after each message written,
 * as a code is used for a verification (a reset is followed by a message), and before the outbox is
 * listed, so an administrator never sees a spent code.
 */
import type { Queryable } from "../db/db";
import { hasLiveOtp, OTP_TTL_SECONDS, type OtpPurpose } from "../auth/otp";
import { otpMessage } from "./messages";
import { accountIdOfRecipient, maskCodes, unmaskedCodeMessages } from "./outbox.repository";

export const CODE_MASK = "••••••";

/** The subjects of code messages, per purpose (from the message text itself, so both stay in step). */
function codeSubjects(): Map<string, OtpPurpose> {
  const purposes: OtpPurpose[] = ["registration", "reset"];
  return new Map(purposes.map((purpose) => [otpMessage(purpose, "000000", OTP_TTL_SECONDS / 60).subject, purpose]));
}

/** Masks the codes of the outbox that can no longer be used; answers how many messages it masked. */
export async function maskSpentCodes(db: Queryable): Promise<number> {
  const subjects = codeSubjects();
  const rows = await unmaskedCodeMessages(db, [...subjects.keys()]);
  if (rows.length === 0) return 0;
  const spent: number[] = [];
  for (const row of rows) {
    const purpose = subjects.get(row.subject)!;
    const young = Date.now() - new Date(row.created_on).getTime() < OTP_TTL_SECONDS * 1000;
    if (young) {
      const userId = await accountIdOfRecipient(db, row.recipient);
      if (userId !== null && (await hasLiveOtp(db, userId, purpose))) continue;
    }
    spent.push(row.id);
  }
  if (spent.length === 0) return 0;
  await maskCodes(db, spent, CODE_MASK);
  return spent.length;
}
