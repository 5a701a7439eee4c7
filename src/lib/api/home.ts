/**
 * The configurable homes (utility-api `services/homePage…` for the site, userGroup-api
 * `group/homePage/…` for a group) and the statistics (`cca-api data/chart`).
 * `groupId` null = the site.
 */
import type { AxiosInstance } from "axios";
import type { DataChart } from "@/contracts/chart";
import type { HomePageData, HomeSettings, MiniGallery, MiniGalleryInput, ReorderItem, SlideInput } from "@/contracts/home";
import type { DataQueryParams } from "./cca-data";

const SITE = "utility-api/api/v1/services/homePage";
const GROUP = "userGroup-api/api/v1/group/homePage";

export async function fetchHome(client: AxiosInstance, groupId: number | null, languageId: number, adminList = false): Promise<HomePageData> {
  const params = adminList ? { adminList: true } : {};
  const { data } =
    groupId === null
      ? await client.get<HomePageData>(SITE, { params: { languageId, ...params } })
      : await client.get<HomePageData>(`${GROUP}/${groupId}/${languageId}`, { params });
  return data;
}

export async function saveHomeSettings(client: AxiosInstance, groupId: number | null, settings: HomeSettings): Promise<HomePageData> {
  const { data } = groupId === null ? await client.put<HomePageData>(`${SITE}/insert`, settings) : await client.put<HomePageData>(`${GROUP}/update/${groupId}`, settings);
  return data;
}

/** Creates a slide of the main gallery, or of a mini gallery when `input.galleryId` is set. */
export async function createSlide(client: AxiosInstance, groupId: number | null, input: SlideInput): Promise<HomePageData> {
  const mini = input.galleryId !== undefined;
  const url = groupId === null ? (mini ? `${SITE}/insert/miniSlider` : `${SITE}/create`) : mini ? `${GROUP}/miniSlider/insert/${groupId}` : `${GROUP}/insert/${groupId}`;
  const { data } = await client.put<HomePageData>(url, input);
  return data;
}

export async function editSlide(client: AxiosInstance, groupId: number | null, id: number, input: SlideInput): Promise<HomePageData> {
  const mini = input.galleryId !== undefined;
  const url = groupId === null ? (mini ? `${SITE}/edit/miniSlider/${id}` : `${SITE}/edit/${id}`) : mini ? `${GROUP}/miniSlider/edit/${groupId}/${id}` : `${GROUP}/edit/${groupId}/${id}`;
  const { data } = await client.put<HomePageData>(url, input);
  return data;
}

export async function removeSlide(client: AxiosInstance, groupId: number | null, id: number, mini: boolean): Promise<HomePageData> {
  if (groupId === null) {
    const { data } = await client.delete<HomePageData>(mini ? `${SITE}/remove/miniSlider/${id}` : `${SITE}/remove/${id}`);
    return data;
  }
  const { data } = await client.put<HomePageData>(mini ? `${GROUP}/miniSlider/remove/${groupId}/${id}` : `${GROUP}/remove/${groupId}/${id}`);
  return data;
}

export async function reorderSlides(client: AxiosInstance, groupId: number | null, items: readonly ReorderItem[], mini: boolean): Promise<HomePageData> {
  const url = groupId === null ? (mini ? `${SITE}/miniSlider/reorder` : `${SITE}/reorder`) : mini ? `${GROUP}/miniSlider/reordering/${groupId}` : `${GROUP}/reordering/${groupId}`;
  const { data } = await client.put<HomePageData>(url, items);
  return data;
}

export async function createMiniGallery(client: AxiosInstance, groupId: number | null, input: MiniGalleryInput): Promise<MiniGallery> {
  const { data } = await client.post<MiniGallery>(groupId === null ? `${SITE}/miniGallery/create` : `${GROUP}/miniGallery/create/${groupId}`, input);
  return data;
}

export async function editMiniGallery(client: AxiosInstance, groupId: number | null, id: number, input: MiniGalleryInput): Promise<MiniGallery> {
  const { data } = await client.put<MiniGallery>(groupId === null ? `${SITE}/miniGallery/edit/${id}` : `${GROUP}/miniGallery/edit/${groupId}/${id}`, input);
  return data;
}

export async function removeMiniGallery(client: AxiosInstance, groupId: number | null, id: number): Promise<void> {
  await client.delete(groupId === null ? `${SITE}/miniGallery/remove/${id}` : `${GROUP}/miniGallery/remove/${groupId}/${id}`);
}

/** GET cca-api data/chart: `isChart: "true"` for the statistics page (distributions, chart fields' facets). */
export async function fetchChart(client: AxiosInstance, params: DataQueryParams): Promise<DataChart> {
  const { data } = await client.get<DataChart>("cca-api/api/v1/data/chart", { params: { query: "", ...params } });
  return data;
}
