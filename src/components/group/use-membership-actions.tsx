import dynamic from "next/dynamic";
import { useCallback, useState, type ReactNode } from "react";
import type { JoinState } from "@/contracts/layout";
import type { MembershipActionsRunnerProps } from "./membership-actions-runner";

export interface MembershipTarget {
  id: number;
  name: string;
  /** Closed group: joining sends a request, after a confirmation. */
  closed: boolean;
}

export interface MembershipActions {
  busy: boolean;
  /** Join an open group; ask first, then send a request, for a closed one. Visitors sign in first. */
  join: () => void;
  withdraw: () => void;
  /** Asks for confirmation, then leaves. */
  leave: () => void;
  /** The confirmation dialog; render it once next to the controls. */
  dialog: ReactNode;
}

export interface MembershipRequest {
  action: "join" | "withdraw" | "leave";
  id: number;
}

// The actions (API calls, sign-in, confirmations, toasts) load with the first click on a control.
const MembershipActionsRunner = dynamic<MembershipActionsRunnerProps>(() => import("./membership-actions-runner"), { ssr: false });

/**
 * Join, ask to join, withdraw a request and leave, with the confirmations and toasts. `onChanged`
 * receives the new state (e.g. to re-render the page from the server or update a list). The controls
 * draw from the server's state; what they do loads on their first use (busy meanwhile).
 */
export function useMembershipActions(target: MembershipTarget | null, onChanged: (state: JoinState) => void | Promise<void>): MembershipActions {
  const [request, setRequest] = useState<MembershipRequest | null>(null);
  const [runnerBusy, setRunnerBusy] = useState<boolean | null>(null);
  const ask = useCallback((action: MembershipRequest["action"]) => setRequest((last) => ({ action, id: (last?.id ?? 0) + 1 })), []);
  const join = useCallback(() => ask("join"), [ask]);
  const withdraw = useCallback(() => ask("withdraw"), [ask]);
  const leave = useCallback(() => ask("leave"), [ask]);
  const busy = runnerBusy ?? request !== null;
  const dialog = request ? <MembershipActionsRunner target={target} onChanged={onChanged} request={request} onBusy={setRunnerBusy} /> : null;
  return { busy, join, withdraw, leave, dialog };
}
