/**
 * The submission queue's states (issue 32, item 3), pure so that tests read it:
 *
 *   waiting ──send──▶ sending ──saved──▶ sent
 *      ▲                 │
 *      ├──network lost───┤           (stays queued: sent again when the network returns)
 *      │                 ├──refused (400, field errors)──▶ invalid ──fix──▶ (back into the form as a draft)
 *      │                 └──signed out (401 after renewal)──▶ sign-in ──signed in──▶ waiting
 *      └──────────────retry (online, next visit, Background Sync)
 *
 * Another refusal (403, 404, 409…) is `invalid` with its message: nothing a resend could fix by itself.
 * An entry keeps its idempotency key through every state, so whatever was sent twice is one record.
 */
export type OutboxState = "waiting" | "sending" | "sent" | "invalid" | "sign-in";

export type OutboxEvent =
  | { type: "send" }
  | { type: "saved"; recordId: number }
  | { type: "network" }
  | { type: "refused"; status: number; fieldErrors?: Record<string, string>; message?: string }
  | { type: "signed-out" }
  | { type: "signed-in" };

export interface OutboxStatus {
  state: OutboxState;
  attempts: number;
  recordId?: number;
  fieldErrors?: Record<string, string>;
  message?: string;
  /** When it was last tried (ms since epoch). */
  triedAt?: number;
}

/** The next status; an event that does not apply in a state leaves it as it is. */
export function nextStatus(status: OutboxStatus, event: OutboxEvent, now = Date.now()): OutboxStatus {
  switch (event.type) {
    case "send":
      return status.state === "waiting" ? { ...status, state: "sending", attempts: status.attempts + 1, triedAt: now } : status;
    case "saved":
      return status.state === "sending" ? { state: "sent", attempts: status.attempts, recordId: event.recordId, triedAt: now } : status;
    case "network":
      return status.state === "sending" ? { ...status, state: "waiting" } : status;
    case "refused":
      if (status.state !== "sending") return status;
      if (event.status === 401) return { ...status, state: "sign-in" };
      return { ...status, state: "invalid", fieldErrors: event.fieldErrors, message: event.message };
    case "signed-out":
      return status.state === "sending" || status.state === "waiting" ? { ...status, state: "sign-in" } : status;
    case "signed-in":
      return status.state === "sign-in" ? { ...status, state: "waiting" } : status;
  }
}

/**
 * Entries a sending pass takes. An entry left `sending` by a page that closed (or navigated) mid-send is
 * taken again — its key keeps it single: at once when this pass holds the browser's queue lock (no other
 * page can be sending it), otherwise once it has been stuck for `stuckAfterMs`.
 */
export const isSendable = (status: OutboxStatus, now = Date.now(), stuckAfterMs = 120_000, exclusive = false): boolean =>
  status.state === "waiting" || (status.state === "sending" && (exclusive || (status.triedAt ?? 0) < now - stuckAfterMs));

export const initialStatus = (): OutboxStatus => ({ state: "waiting", attempts: 0 });
