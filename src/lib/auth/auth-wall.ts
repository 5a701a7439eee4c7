import { bus } from "@/lib/events/bus";
import { readAccessToken } from "./cookies";
import { decodeSessionUser, hasSessionToken } from "./session";

/** What `waitForAuth` rejects with when the visitor closes the sign-in modal. */
export interface AuthWallCancelled {
  message: null;
}

/**
 * Resolves when the visitor is signed in: at once with a live session (renewing an expired access
 * token first), otherwise after signing in through the auth-wall modal (`authwall_init`). Closing the
 * modal rejects with `{ message: null }`. Use before an action that needs a user:
 * `await waitForAuth(); await follow(id);`.
 */
export async function waitForAuth(): Promise<void> {
  const token = readAccessToken();
  if (decodeSessionUser(token)) return;
  if (hasSessionToken(token)) {
    const { getBrowserClient, renewSession } = await import("@/lib/api/client");
    if (await renewSession(getBrowserClient())) return;
  }
  return new Promise<void>((resolve, reject) => {
    bus.emit("authwall_init", { resolve, reject });
  });
}
