import type { AxiosInstance } from "axios";
import SITE_CONFIG from "@site-config";
import type { Role, UserDetailsUpdate, UserIbp, UserListResponse, UserProfile, UserRolesUpdate } from "@/contracts/user";

const USER = "user-api/api/v1";

export async function fetchUser(client: AxiosInstance, id: number): Promise<UserProfile> {
  const { data } = await client.get<UserProfile>(`${USER}/user/${id}`);
  return data;
}

export interface UserListQuery {
  name?: string;
  role?: string;
  /** 1-based. */
  page?: number;
  limit?: number;
}

export async function fetchUserList(client: AxiosInstance, { name, role, page = 1, limit = SITE_CONFIG.PAGINATION.DEFAULT_LIMIT }: UserListQuery): Promise<UserListResponse> {
  const { data } = await client.get<UserListResponse>(`${USER}/user/list`, {
    params: { name: name || undefined, role: role || undefined, offset: (page - 1) * limit, limit },
  });
  return data;
}

export async function updateUserDetails(client: AxiosInstance, details: UserDetailsUpdate): Promise<UserProfile> {
  const { data } = await client.put<UserProfile>(`${USER}/user/update/details`, details);
  return data;
}

export async function fetchRoles(client: AxiosInstance): Promise<Role[]> {
  const { data } = await client.get<Role[]>(`${USER}/roles/all`);
  return data;
}

export async function updateUserRoles(client: AxiosInstance, update: UserRolesUpdate): Promise<UserProfile> {
  const { data } = await client.put<UserProfile>(`${USER}/user/update/roles`, update);
  return data;
}

export async function deleteUser(client: AxiosInstance, id: number): Promise<void> {
  await client.delete(`${USER}/user/delete/${id}`);
}

/** GET user-api/api/v1/user/ibp/autocomplete?name=: up to 10 users whose name matches. */
export async function searchUsers(client: AxiosInstance, name: string): Promise<UserIbp[]> {
  const { data } = await client.get<UserIbp[]>(`${USER}/user/ibp/autocomplete`, { params: { name } });
  return data;
}
