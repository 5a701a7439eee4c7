/** Puts a record the form could not send into this device's queue (issue 32); loaded when it happens. */
import { bus } from "@/lib/events/bus";
import { addEntry, type OutboxEntry } from "./outbox-store";
import { requestOutboxSync } from "./pwa-client";

export async function queueRecord(entry: Omit<OutboxEntry, "status" | "uploaded" | "createdAt">): Promise<void> {
  await addEntry(entry);
  bus.emit("outbox_changed");
  await requestOutboxSync();
}

/** Keeps a photo picked offline on this device; answers its placeholder path for the form. */
export async function keepLocalFile(userId: number, file: Blob, name: string): Promise<string> {
  const { putFile } = await import("./outbox-store");
  const { localFilePath } = await import("@/lib/offline/local-files");
  const id = crypto.randomUUID();
  await putFile({ id, userId, name, type: file.type || "application/octet-stream", blob: file, createdAt: Date.now() });
  return localFilePath(id, name);
}
