import { useSyncExternalStore } from "react";
import type { JoinState } from "@/contracts/layout";

/**
 * One membership state per group for the page, shared by every control that shows it (the
 * microsite's top bar and its home's page header): a join, request, withdrawal or leave in one shows
 * at once in the others. Each control is seeded from the server's state (`LayoutData.groupActions`);
 * a change made here belongs to the server render it was made on (its `currentGroup` object), so
 * the next render from the server (a navigation, `router.replace`) wins again, as the session does
 * in `session-context.tsx`. Tiny and free of dependencies: the chrome imports it statically.
 */
interface Change {
  /** The server render (its `currentGroup` object) the change was made on. */
  render: object;
  state: JoinState;
}

const changes = new Map<number, Change>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Records the visitor's new place in group `groupId`, made on server render `render`; every view follows. */
export function setGroupMembership(groupId: number, render: object, state: JoinState): void {
  changes.set(groupId, { render, state });
  for (const listener of listeners) listener();
}

/**
 * The state to show for group `groupId`: the last change made on this server render, else the
 * server's `serverState` (null: unknown, the control is hidden).
 */
export function useGroupMembership(groupId: number | null, render: object, serverState: JoinState | null): JoinState | null {
  const change = useSyncExternalStore(
    subscribe,
    () => (groupId === null ? undefined : changes.get(groupId)),
    () => undefined,
  );
  return change && change.render === render ? change.state : serverState;
}
