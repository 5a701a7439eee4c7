/**
 * Server-side rendering's way to the platform when the platform runs in this same process: an axios
 * adapter that hands the request to the platform's dispatch function instead of sending it over
 * loopback HTTP. The platform registers that function on globalThis when it boots
 * (`src/server/app/in-process.ts`; this folder may not import src/server). Without it, or for a
 * request it cannot carry (another origin, a streamed or multipart body, a streamed answer), the
 * request goes over HTTP as before. Server only: imported by the SSR client factory, never by the browser.
 */
import { STATUS_CODES } from "node:http";
import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";

import { inProcessDispatch, type InProcessRequest } from "@/shared/in-process-dispatch";

export type { InProcessDispatch, InProcessRequest, InProcessResponse } from "@/shared/in-process-dispatch";

let httpAdapter: AxiosAdapter | undefined;
function overHttp(config: InternalAxiosRequestConfig) {
  httpAdapter ??= axios.getAdapter(["http", "fetch"]);
  return httpAdapter(config);
}

/** The request body as bytes, or null when it is of a kind only HTTP carries (form data, streams). */
function bodyBytes(data: unknown): Buffer | undefined | null {
  if (data === undefined || data === null) return undefined;
  if (typeof data === "string") return Buffer.from(data, "utf8");
  if (Buffer.isBuffer(data)) return data;
  if (data instanceof ArrayBuffer) return Buffer.from(data);
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return null;
}

function requestHeaders(config: InternalAxiosRequestConfig, host: string, body: Buffer | undefined): InProcessRequest["headers"] {
  const headers: InProcessRequest["headers"] = { host };
  for (const [name, value] of Object.entries(AxiosHeaders.from(config.headers).toJSON() as Record<string, unknown>)) {
    if (value === undefined || value === null || value === false) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.map(String) : String(value);
  }
  if (body) headers["content-length"] = String(body.length);
  return headers;
}

/**
 * Sends the request to the in-process platform when there is one and the request is for it (the
 * origin of the client's baseURL); the response, its status check and the errors are the ones the
 * HTTP adapter would give (axios parses the body and ApiError reads it the same way).
 */
export const inProcessAdapter: AxiosAdapter = async (config) => {
  const dispatch = inProcessDispatch();
  if (!dispatch || !config.baseURL || (config.responseType && !["json", "text", "arraybuffer"].includes(config.responseType))) {
    return overHttp(config);
  }
  const url = new URL(axios.getUri(config));
  if (url.origin !== new URL(config.baseURL).origin) return overHttp(config);
  const method = (config.method ?? "get").toUpperCase();
  const bytes = bodyBytes(config.data);
  if (bytes === null) return overHttp(config);
  // As over HTTP: GET and HEAD carry no body; other methods an empty one at least.
  const body = method === "GET" || method === "HEAD" ? undefined : (bytes ?? Buffer.alloc(0));

  const answer = await dispatch({ method, url: url.pathname + url.search, headers: requestHeaders(config, url.host, body), body });
  const raw = answer.body;
  const data =
    method === "HEAD"
      ? ""
      : config.responseType === "arraybuffer"
        ? Buffer.isBuffer(raw)
          ? raw
          : Buffer.from(raw, "utf8")
        : Buffer.isBuffer(raw)
          ? raw.toString("utf8")
          : raw;
  const response: AxiosResponse = {
    data,
    status: answer.status,
    statusText: STATUS_CODES[answer.status] ?? "",
    headers: new AxiosHeaders(answer.headers),
    config,
    request: { inProcess: true, method, path: url.pathname + url.search },
  };
  const validate = config.validateStatus;
  if (!response.status || !validate || validate(response.status)) return response;
  throw new AxiosError(
    `Request failed with status code ${response.status}`,
    response.status >= 400 && response.status < 500 ? AxiosError.ERR_BAD_REQUEST : AxiosError.ERR_BAD_RESPONSE,
    config,
    response.request,
    response,
  );
};
