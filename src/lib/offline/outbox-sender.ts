/**
 * Sends the signed-in member's queued records (issue 32, item 3): one pass at a time per page; each
 * entry's local photos are uploaded first (their stored paths kept on the entry, so a retry does not
 * upload them again), then `data/save` with the entry's `Idempotency-Key`, so a record the server saved
 * before the answer was lost is answered again instead of made twice. Through the one HTTP client: an
 * expired token is renewed first; a member signed out meanwhile leaves the queue waiting for a sign-in.
 */
import { ApiError } from "@/lib/api/api-error";
import { getBrowserClient } from "@/lib/api/client";
import { uploadResource } from "@/lib/api/files";
import { FILE_PATH_PREFIX } from "@/contracts/record-rules";
import { bus } from "@/lib/events/bus";
import { isSendable, nextStatus, type OutboxEvent } from "./outbox-machine";
import { getFile, listEntries, localFileIdsOf, putEntry, removeEntry, withUploadedPaths, type OutboxEntry } from "./outbox-store";

const SAVE = "cca-api/api/v1/data/save";
/** Sent entries stay listed (as "sent") this long. */
export const SENT_KEPT_MS = 24 * 3600 * 1000;

let running: Promise<number> | null = null;
/** The Web Lock that keeps one sending pass at a time across a member's open pages. */
const OUTBOX_LOCK = "cca-outbox-send";

async function apply(entry: OutboxEntry, event: OutboxEvent): Promise<OutboxEntry> {
  const next = { ...entry, status: nextStatus(entry.status, event) };
  await putEntry(next);
  bus.emit("outbox_changed");
  return next;
}

const isNetworkError = (e: ApiError) => e.status === 0 || (typeof navigator !== "undefined" && navigator.onLine === false);

async function sendOne(entry: OutboxEntry): Promise<void> {
  let current = await apply(entry, { type: "send" });
  try {
    const client = getBrowserClient();
    for (const id of localFileIdsOf(current.body)) {
      if (current.uploaded[id]) continue;
      const file = await getFile(id);
      if (!file) throw new ApiError(400, "BAD_REQUEST", "A photo of this record is no longer on this device");
      const uploaded = await uploadResource(client, new File([file.blob], file.name, { type: file.type, lastModified: file.createdAt }), "myUploads");
      current = { ...current, uploaded: { ...current.uploaded, [id]: `${FILE_PATH_PREFIX}myUploads${uploaded.uri}` } };
      await putEntry(current);
    }
    const body = withUploadedPaths(current.body, current.uploaded);
    const { data } = await client.post<{ id: number }>(SAVE, body, { params: { language: current.language }, headers: { "Idempotency-Key": current.id } });
    await apply(current, { type: "saved", recordId: data.id });
  } catch (error) {
    const e = ApiError.from(error);
    if (isNetworkError(e)) await apply(current, { type: "network" });
    else await apply(current, { type: "refused", status: e.status, fieldErrors: e.fieldErrors ?? undefined, message: e.message });
  }
}

/** Sends what waits for `userId`; resolves with how many entries are still unsent. Concurrent calls share one pass. */
export function flushOutbox(userId: number): Promise<number> {
  const pass = async (exclusive: boolean) => {
    const now = Date.now();
    for (const entry of await listEntries(userId)) {
      if (entry.status.state === "sent" && (entry.status.triedAt ?? entry.createdAt) < now - SENT_KEPT_MS) await removeEntry(entry);
      else if (isSendable(entry.status, now, undefined, exclusive)) await sendOne(entry);
    }
    return (await listEntries(userId)).filter((e) => e.status.state !== "sent").length;
  };
  running ??= (async () => {
    try {
      // One pass at a time across the member's open pages (Web Locks); without them, per page.
      const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
      return locks ? await locks.request(OUTBOX_LOCK, () => pass(true)) : await pass(false);
    } finally {
      running = null;
    }
  })();
  return running;
}

/** After a sign-in: entries that waited for one wait to be sent again. */
export async function resumeAfterSignIn(userId: number): Promise<void> {
  for (const entry of await listEntries(userId)) if (entry.status.state === "sign-in") await apply(entry, { type: "signed-in" });
}
