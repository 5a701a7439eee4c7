import { useCallback, useEffect, useMemo } from "react";
import type { GroupListExpanded } from "@/contracts/group";
import type { JoinState } from "@/contracts/layout";
import { QueryProvider } from "@/lib/query/query-client";
import { queryKeys } from "@/lib/query/query-keys";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";
import { useJoinStates } from "./use-join-states";

export interface JoinStatesReport {
  states: ReadonlyMap<number, JoinState | null>;
  failed: boolean;
  /** Asks the platform again, after a join or leave of this group. */
  refresh: (groupId: number) => Promise<void>;
}

export interface LiveJoinStatesProps {
  groups: readonly GroupListExpanded[];
  onReport: (report: JoinStatesReport) => void;
}

function Observer({ groups, onReport }: LiveJoinStatesProps) {
  const refreshAfterWrite = useRefreshAfterWrite();
  const { states, failed } = useJoinStates(groups, true);
  const signature = JSON.stringify([...states]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new Map each render; the same states keep their Map
  const stable = useMemo(() => states, [signature]);
  const refresh = useCallback(
    async (groupId: number) => {
      await refreshAfterWrite({ queries: [queryKeys.groupMemberMap(), queryKeys.groupMembership(groupId)] });
    },
    [refreshAfterWrite],
  );
  useEffect(() => onReport({ states: stable, failed, refresh }), [stable, failed, refresh, onReport]);
  return null;
}

/** The join states of a signed-in user, asked with react-query (loaded only for them); draws nothing. */
export default function LiveJoinStates(props: LiveJoinStatesProps) {
  return (
    <QueryProvider>
      <Observer {...props} />
    </QueryProvider>
  );
}
