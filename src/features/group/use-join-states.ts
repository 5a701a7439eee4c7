import { useQueries, useQuery } from "@tanstack/react-query";
import type { GroupListExpanded } from "@/contracts/group";
import type { JoinState } from "@/contracts/layout";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { fetchGroupMembership, fetchMembershipMap } from "@/lib/api/groups";
import { queryKeys } from "@/lib/query/query-keys";

/**
 * The join state of every listed group for a signed-in user: one `member/list` call, plus
 * `membership/{id}` for the closed groups they are not in (to tell "requested" from "join").
 * Visitors: "join" everywhere (the button opens the sign-in dialog). null while loading or unknown.
 */
export function useJoinStates(groups: readonly GroupListExpanded[], signedIn: boolean): { states: Map<number, JoinState | null>; failed: boolean } {
  const members = useQuery({ queryKey: queryKeys.groupMemberMap(), queryFn: async () => fetchMembershipMap(await loadBrowserClient()), enabled: signedIn });
  const closedOutside = signedIn && members.data ? groups.filter((g) => !g.allowUserToJoin && members.data[String(g.id)] !== true) : [];
  const memberships = useQueries({
    queries: closedOutside.map((g) => ({ queryKey: queryKeys.groupMembership(g.id), queryFn: async () => fetchGroupMembership(await loadBrowserClient(), g.id) })),
  });
  const states = new Map<number, JoinState | null>();
  for (const group of groups) {
    if (!signedIn) {
      states.set(group.id, "join");
      continue;
    }
    if (!members.data) {
      states.set(group.id, null);
      continue;
    }
    if (members.data[String(group.id)] === true) {
      states.set(group.id, "joined");
      continue;
    }
    const index = closedOutside.findIndex((g) => g.id === group.id);
    if (index === -1) {
      states.set(group.id, "join");
      continue;
    }
    const membership = memberships[index]?.data;
    states.set(group.id, membership ? (membership.isMember ? "joined" : membership.requested ? "requested" : "join") : null);
  }
  return { states, failed: members.isError };
}
