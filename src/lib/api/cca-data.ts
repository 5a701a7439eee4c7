/** cca-api records ("data", reference §3.5, §4.4, §4.5): typed reads over the one API client. */
import type { AxiosInstance } from "axios";
import type { CCAData, CCADataListResponse, CCADataSubset, DataAggregation, DataSearchResponse, MapClusters, MapInfo } from "@/contracts/cca-data";
import type { TemplateLanguage } from "@/contracts/template";
import type { UserIbp } from "@/contracts/user";

const DATA = "cca-api/api/v1/data";

/** Data-query parameters (reference §3.5): repeated keys for arrays, as the client serialises them. */
export type DataQueryParams = Record<string, string | number | string[] | undefined>;

/** One record with every value (404 → ApiError for a missing or deleted one). */
export async function fetchRecord(client: AxiosInstance, id: number, language: TemplateLanguage): Promise<CCAData> {
  const { data } = await client.get<CCAData>(`${DATA}/${id}`, { params: { language } });
  return data;
}

/** A page of matches (`totalCount` is the number of all matches). */
export async function searchRecords(client: AxiosInstance, params: DataQueryParams): Promise<DataSearchResponse> {
  const { data } = await client.get<DataSearchResponse>(`${DATA}/search`, { params });
  return data;
}

/** One point per match with a public centroid. */
export async function searchRecordPoints(client: AxiosInstance, params: DataQueryParams): Promise<MapInfo[]> {
  const { offset: _offset, limit: _limit, ...rest } = params;
  const { data } = await client.get<MapInfo[]>(`${DATA}/search/map`, { params: rest });
  return data;
}

/** The matches in one view of the map, clustered on the server (`bbox`: west,south,east,north; issue 35). */
export async function fetchRecordClusters(client: AxiosInstance, params: DataQueryParams, view: { zoom: number; bbox: [number, number, number, number] }): Promise<MapClusters> {
  const { offset: _offset, limit: _limit, sort: _sort, ...rest } = params;
  const { data } = await client.get<MapClusters>(`${DATA}/search/map/clusters`, {
    params: { ...rest, zoom: view.zoom.toFixed(2), bbox: view.bbox.map((v) => v.toFixed(5)).join(",") },
  });
  return data;
}

/** Facets of the filterable master fields (each ignoring its own filter) and `usergroups` counts. */
export async function fetchAggregation(client: AxiosInstance, params: DataQueryParams): Promise<DataAggregation> {
  const { offset: _offset, limit: _limit, ...rest } = params;
  const { data } = await client.get<DataAggregation>(`${DATA}/aggregation`, { params: rest });
  return data;
}

/** Title, summary values and files of one record (the map popup). */
export async function fetchRecordSummary(client: AxiosInstance, id: number, language: TemplateLanguage): Promise<CCADataSubset> {
  const { data } = await client.get<CCADataSubset>(`${DATA}/summary/${id}`, { params: { language } });
  return data;
}

/** List projections of the given records (`id=1,2`): the record page's header. */
export async function fetchRecordList(client: AxiosInstance, ids: number[], language: TemplateLanguage): Promise<CCADataListResponse> {
  const { data } = await client.get<CCADataListResponse>(`${DATA}/list`, { params: { id: ids.join(","), language } });
  return data;
}

/** Short profiles of several users in one call (owner and editors of a record). */
export async function fetchUsersBulk(client: AxiosInstance, ids: readonly string[]): Promise<UserIbp[]> {
  if (ids.length === 0) return [];
  const { data } = await client.get<UserIbp[]>("user-api/api/v1/user/bulk/ibp", { params: { userIds: ids.join(",") } });
  return data;
}
