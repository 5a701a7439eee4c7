/**
 * Every react-query key of the browser, one function per key family. Screens ask for a key here
 * (`queryKeys.documents(groupId, q)`) and writes name the family to refresh
 * (`refresh({ queries: [queryKeys.pageTreeAll()] })`); no key array is written anywhere else.
 * A family's shorter key (e.g. `pageTreeAll()`) is a prefix of its full keys, so invalidating it
 * refreshes every variant.
 */
export const queryKeys = {
  /** The timeline (activity and comments) of one object: "ccaData", "document", "ccaTemplate", "page". */
  activity: (objectType: ActivityObjectType, objectId: number) => ["activity", objectType, objectId] as const,

  dataSearch: (language: string, groupId: number | null, question: string) => ["data-search", language, groupId, question] as const,
  dataAggregation: (language: string, groupId: number | null, question: string) => ["data-aggregation", language, groupId, question] as const,
  dataPoints: (language: string, groupId: number | null, question: string) => ["data-points", language, groupId, question] as const,
  dataTable: (shortName: string, language: string, groupId: number | null, search: string) => ["data-table", shortName, language, groupId, search] as const,
  mapLayers: (userId: number | null) => ["map-layers", userId] as const,

  documents: (groupId: number | null, question: string) => ["documents", groupId, question] as const,
  documentPermissions: (documentId: number, userId: number | undefined) => ["document-permissions", documentId, userId] as const,
  /** The signed-in user's groups for the document form (not the same family as `groupMemberMap`). */
  membershipMap: (userId: number | undefined) => ["membership-map", userId] as const,

  groupList: (languageId: number) => ["groups", languageId] as const,
  groupAdministrators: (groupId: number) => ["group", "administrators", groupId] as const,
  groupRequests: (groupId: number) => ["group", "requests", groupId] as const,
  groupMemberMap: () => ["group", "member-map"] as const,
  groupMembership: (groupId: number) => ["group", "membership", groupId] as const,

  /** Every page tree, whatever its group and language. */
  pageTreeAll: () => ["pageTree"] as const,
  pageTree: (userGroupId: number | null, languageId: number) => ["pageTree", userGroupId, languageId] as const,

  userAutocomplete: (text: string) => ["user", "autocomplete", text] as const,
  users: (name: string | undefined, role: string | undefined, page: number | string | undefined) => ["users", name, role, page] as const,
  /** The review queue (issue 30): every page and language under `reviewQueueAll()`. */
  reviewQueueAll: () => ["review-queue"] as const,
  reviewQueue: (offset: number, language: string) => ["review-queue", offset, language] as const,
  downloadLogs: (offset: number, sourceType: string | null, language: string) => ["download-logs", offset, sourceType, language] as const,
};

export type ActivityObjectType = "ccaData" | "document" | "ccaTemplate" | "page";

/** A key made by `queryKeys`. */
export type QueryKey = ReturnType<(typeof queryKeys)[keyof typeof queryKeys]>;
