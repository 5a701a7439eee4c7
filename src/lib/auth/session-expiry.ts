/**
 * Who to tell when the browser's session could not be renewed. The HTTP client calls
 * `reportSessionExpired`; the session provider listens (drops the user, shows "Session Expired!").
 * Kept apart from the client so the provider does not pull axios into every page.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportSessionExpired(): void {
  for (const listener of listeners) listener();
}
