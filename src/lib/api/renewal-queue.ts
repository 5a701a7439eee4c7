/**
 * Single-flight token renewal: however many calls find the access token expired (or answered 401)
 * at the same moment, the platform is asked once; every caller gets the same new token, or the same
 * failure. `onFailed` runs once per failed renewal (clear the session, say "Session Expired!").
 */
export interface RenewalQueue {
  renew(): Promise<string>;
  /** True while a renewal is on its way. */
  readonly busy: boolean;
}

export interface RenewalQueueOptions {
  /** Asks the platform for new tokens; resolves with the new access token. */
  renewTokens: () => Promise<string>;
  /** Called once when a renewal fails, before the waiting callers are rejected. */
  onFailed?: (error: unknown) => void;
  /** The error every waiting caller is rejected with (default: the renewal's own error). */
  toError?: (error: unknown) => unknown;
}

export function createRenewalQueue({ renewTokens, onFailed, toError = (e) => e }: RenewalQueueOptions): RenewalQueue {
  let inFlight: Promise<string> | null = null;
  return {
    get busy() {
      return inFlight !== null;
    },
    renew() {
      inFlight ??= (async () => {
        try {
          return await renewTokens();
        } catch (error) {
          onFailed?.(error);
          throw toError(error);
        } finally {
          inFlight = null;
        }
      })();
      return inFlight;
    },
  };
}
