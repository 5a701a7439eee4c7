import type { AxiosInstance } from "axios";
import type { Announcement } from "@/contracts/announcement";

const U = "utility-api/api/v1/services";

/** Input of create and edit: HTML per language id (`"205"` required). */
export interface AnnouncementInput {
  enabled: boolean;
  color: string;
  bgColor: string;
  translations: Record<string, string>;
}

export async function fetchActiveAnnouncements(client: AxiosInstance): Promise<Announcement[]> {
  const { data } = await client.get<Announcement[]>(`${U}/announcement/active`);
  return data;
}

export async function fetchAllAnnouncements(client: AxiosInstance): Promise<Announcement[]> {
  const { data } = await client.get<Announcement[]>(`${U}/announcement/all`);
  return data;
}

export async function createAnnouncement(client: AxiosInstance, input: AnnouncementInput): Promise<Announcement> {
  const { data } = await client.post<Announcement>(`${U}/homePage/announcement/create`, input);
  return data;
}

export async function editAnnouncement(client: AxiosInstance, id: number, input: AnnouncementInput): Promise<Announcement> {
  const { data } = await client.put<Announcement>(`${U}/announcement/edit/${id}`, input);
  return data;
}

export async function removeAnnouncement(client: AxiosInstance, id: number): Promise<void> {
  await client.delete(`${U}/announcement/remove/${id}`);
}
