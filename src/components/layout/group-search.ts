import { useEffect, useState } from "react";
import type { GroupListItem } from "@/contracts/group";

/**
 * Groups whose name or local name contains the query, ignoring case. Plain substring matching:
 * characters such as `(` or `[` are just characters.
 */
export function filterGroups<G extends Pick<GroupListItem, "name" | "nameLocal">>(groups: readonly G[], query: string): G[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...groups];
  return groups.filter(
    (g) =>
      g.name.toLocaleLowerCase().includes(needle) ||
      (g.nameLocal ?? "").toLocaleLowerCase().includes(needle),
  );
}

/** The value, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
