/** The site search (issue 33): `GET esmodule-api/api/v1/search`, over the one API client. */
import type { AxiosInstance } from "axios";
import type { SearchAnswer, SearchParams } from "@/contracts/search";

export const SEARCH_PATH = "esmodule-api/api/v1/search";

/**
 * One page of hits for `params.q` (every kind, or `params.kind`), with the counts per kind and a
 * "did you mean". Sent with the visitor's session when there is one: the records' visibility rules
 * decide what a hit shows. During SSR the call goes in-process like every other platform call.
 */
export async function searchSite(client: AxiosInstance, params: SearchParams): Promise<SearchAnswer> {
  const { data } = await client.get<SearchAnswer>(SEARCH_PATH, { params });
  return data;
}
