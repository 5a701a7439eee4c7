/**
 * Where the running platform leaves its in-process dispatch function for server-side rendering
 * (`src/lib/api/in-process-adapter.ts` reads it; `src/server/app/boot.ts` sets it). Both sides import
 * this file; neither imports the other.
 */
/** A request as it would arrive over HTTP: the URL path with its query, lower-case headers, the raw body. */
export interface InProcessRequest {
  method: string;
  /** Path and query, e.g. `/pages-api/api/v1/page/45?format=full`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** Absent for GET and HEAD. */
  body?: Buffer;
}

/** The answer as it would go on the wire: header names in lower case, Set-Cookie as an array. */
export interface InProcessResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer | string;
}

export type InProcessDispatch = (request: InProcessRequest) => Promise<InProcessResponse>;

/** Where the running platform puts its dispatch function (shared by every bundle of the process). */
export const IN_PROCESS_DISPATCH_KEY = Symbol.for("cca.platform.dispatch");

type Holder = Record<symbol, InProcessDispatch | undefined>;

/** The platform's dispatch function when the platform runs in this process. */
export function inProcessDispatch(): InProcessDispatch | undefined {
  return (globalThis as unknown as Holder)[IN_PROCESS_DISPATCH_KEY];
}

/** The platform's side: register (or, with undefined, remove) the dispatch function. */
export function setInProcessDispatch(dispatch: InProcessDispatch | undefined): void {
  (globalThis as unknown as Holder)[IN_PROCESS_DISPATCH_KEY] = dispatch;
}

