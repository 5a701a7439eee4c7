import type { AxiosInstance } from "axios";
import type { RecordLabel, RecordLabelsInput } from "@/contracts/local-contexts";
import type {
  GroupActionResult,
  GroupAddMembersData,
  GroupAdministrators,
  GroupDetail,
  GroupJoinRequest,
  GroupListExpanded,
  GroupListItem,
  GroupMembership,
  UserGroupCreateData,
  UserGroupEditData,
} from "@/contracts/group";

const GROUP = "userGroup-api/api/v1/group";

export async function fetchGroupList(client: AxiosInstance, languageId: number): Promise<GroupListItem[]> {
  const { data } = await client.get<GroupListItem[]>("userGroup-api/api/v1/group/all", { params: { languageId } });
  return data;
}

export async function fetchGroup(client: AxiosInstance, id: number, languageId: number): Promise<GroupDetail> {
  const { data } = await client.get<GroupDetail>(`userGroup-api/api/v1/group/${id}/${languageId}`);
  return data;
}

export interface JoinResult {
  status: true;
  message: "JOINED" | "ALREADY_MEMBER" | "JOIN_REQUEST_SENT";
}

/** GET userGroup-api/api/v1/group/join/{id}: join an open group, or ask to join a closed one. */
export async function joinGroup(client: AxiosInstance, id: number): Promise<JoinResult> {
  const { data } = await client.get<JoinResult>(`userGroup-api/api/v1/group/join/${id}`);
  return data;
}

/** GET …/group/list/{languageId}: every group with member count, description and open/closed. */
export async function fetchGroupListExpanded(client: AxiosInstance, languageId: number): Promise<GroupListExpanded[]> {
  const { data } = await client.get<GroupListExpanded[]>(`${GROUP}/list/${languageId}`);
  return data;
}

/** GET …/group/member/list: `{ "<groupId>": isMember }` for the signed-in caller. */
export async function fetchMembershipMap(client: AxiosInstance): Promise<Record<string, boolean>> {
  const { data } = await client.get<Record<string, boolean>>(`${GROUP}/member/list`);
  return data;
}

/** GET …/group/membership/{id}: the caller's role, pending request and rights in the group (visitors: all false). */
export async function fetchGroupMembership(client: AxiosInstance, id: number): Promise<GroupMembership> {
  const { data } = await client.get<GroupMembership>(`${GROUP}/membership/${id}`);
  return data;
}

/** DELETE …/group/leave/{id}; 409 NOT_A_MEMBER, 409 LAST_FOUNDER. */
export async function leaveGroup(client: AxiosInstance, id: number): Promise<GroupActionResult<"LEFT">> {
  const { data } = await client.delete<GroupActionResult<"LEFT">>(`${GROUP}/leave/${id}`);
  return data;
}

/** DELETE …/group/request/{id}: withdraw the caller's pending join request. */
export async function withdrawJoinRequest(client: AxiosInstance, id: number): Promise<GroupActionResult<"REQUEST_WITHDRAWN">> {
  const { data } = await client.delete<GroupActionResult<"REQUEST_WITHDRAWN">>(`${GROUP}/request/${id}`);
  return data;
}

/** GET …/group/requests/{id}: pending join requests, oldest first (admin, founder, moderator). */
export async function fetchJoinRequests(client: AxiosInstance, id: number): Promise<GroupJoinRequest[]> {
  const { data } = await client.get<GroupJoinRequest[]>(`${GROUP}/requests/${id}`);
  return data;
}

/** PUT …/group/request/approve/{id}/{userId}: the requester becomes a member and is told. */
export async function approveJoinRequest(client: AxiosInstance, id: number, userId: number): Promise<GroupActionResult<"REQUEST_APPROVED">> {
  const { data } = await client.put<GroupActionResult<"REQUEST_APPROVED">>(`${GROUP}/request/approve/${id}/${userId}`);
  return data;
}

/** PUT …/group/request/refuse/{id}/{userId}: the request is dropped and the requester told. */
export async function refuseJoinRequest(client: AxiosInstance, id: number, userId: number): Promise<GroupActionResult<"REQUEST_REFUSED">> {
  const { data } = await client.put<GroupActionResult<"REQUEST_REFUSED">>(`${GROUP}/request/refuse/${id}/${userId}`);
  return data;
}

/** POST …/group/create (ROLE_ADMIN) → the new group as listed (201). */
export async function createGroup(client: AxiosInstance, body: UserGroupCreateData): Promise<GroupListItem> {
  const { data } = await client.post<GroupListItem>(`${GROUP}/create`, body);
  return data;
}

/** GET …/group/edit/{id} (admin or founder): the editable fields. */
export async function fetchGroupEditData(client: AxiosInstance, id: number): Promise<UserGroupEditData> {
  const { data } = await client.get<UserGroupEditData>(`${GROUP}/edit/${id}`);
  return data;
}

/** PUT …/group/edit/save/{id} (admin or founder) → the group as listed. */
export async function saveGroup(client: AxiosInstance, id: number, body: UserGroupEditData): Promise<GroupListItem> {
  const { data } = await client.put<GroupListItem>(`${GROUP}/edit/save/${id}`, body);
  return data;
}

/** GET …/group/adminstration/members/{id} (sic): founders and moderators. */
export async function fetchGroupAdministrators(client: AxiosInstance, id: number): Promise<GroupAdministrators> {
  const { data } = await client.get<GroupAdministrators>(`${GROUP}/adminstration/members/${id}`);
  return data;
}

/** POST …/group/add/members (admin or founder): make users founders or moderators. */
export async function addGroupAdministrators(client: AxiosInstance, body: GroupAddMembersData): Promise<GroupActionResult<"MEMBERS_ADDED">> {
  const { data } = await client.post<GroupActionResult<"MEMBERS_ADDED">>(`${GROUP}/add/members`, body);
  return data;
}

/** POST …/group/remove/members (admin or founder; the reference's GET works too): drop a founder/moderator role (plain membership stays). */
export async function removeGroupAdministrator(client: AxiosInstance, userGroupId: number, userId: number): Promise<GroupActionResult<"MEMBER_REMOVED">> {
  const { data } = await client.post<GroupActionResult<"MEMBER_REMOVED">>(`${GROUP}/remove/members`, { userGroupId, userId });
  return data;
}

/** The group's Local Contexts labels (anyone; 404 for an unknown or deleted group). */
export async function fetchGroupLabels(client: AxiosInstance, id: number): Promise<RecordLabel[]> {
  const { data } = await client.get<RecordLabel[]>(`${GROUP}/labels/${id}`, { skipAuth: true });
  return data;
}

/** Replaces the group's labels with `input.labels` (its founders, admins); answers the labels as stored. */
export async function saveGroupLabels(client: AxiosInstance, id: number, input: RecordLabelsInput): Promise<RecordLabel[]> {
  const { data } = await client.put<RecordLabel[]>(`${GROUP}/labels/${id}`, input);
  return data;
}
