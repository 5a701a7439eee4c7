// Waits until a portal server started by a bench answers its readiness probe (`/api/ready`).

/** Resolves once `${base}/api/ready` answers 2xx; throws after `timeoutMs`. */
export async function waitForReady(base, timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not start");
}
