import { useInfiniteQuery } from "@tanstack/react-query";
import { queryKeys, type ActivityObjectType } from "@/lib/query/query-keys";

interface Page<E> {
  activity: E[];
  totalCount: number;
}

/**
 * The timeline of one object, page by page (`offset` = entries loaded so far), under its registry key
 * `queryKeys.activity(objectType, objectId)`, which `useRefreshAfterWrite` refreshes after a comment or a change.
 */
export function useActivityPages<E>(objectType: ActivityObjectType, objectId: number, fetchPage: (offset: number) => Promise<Page<E>>, options: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.activity(objectType, objectId),
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + p.activity.length, 0);
      return last.activity.length > 0 && loaded < last.totalCount ? loaded : undefined;
    },
    enabled: options.enabled,
    retry: false,
  });
  const entries = query.data?.pages.flatMap((p) => p.activity) ?? [];
  return { query, entries };
}
