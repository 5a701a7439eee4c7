/** Log lines of the platform and the portal server: plain text, or one JSON object per line (`LOG_FORMAT=json`). */
export type LogFormat = "text" | "json";
export type LogLevel = "info" | "warn" | "error";

/** One log line: JSON (`LOG_FORMAT=json`, for log collectors) or plain text. */
export function formatLogLine(format: LogFormat, level: LogLevel, message: string, fields: Record<string, unknown> = {}): string {
  if (format === "json") return JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...fields });
  const extra = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(" ");
  return extra ? `${message} ${extra}` : message;
}

/** A plain object (not an Error, not an array): structured fields of a log call. */
const isFields = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Error);

/**
 * The platform's logger (`PlatformDeps.logger`): console text as before, or one JSON line per call.
 * Strings make the message, an Error its `error` field, plain objects structured fields (e.g. the
 * `requestId` the router adds to a failed call).
 */
export function createLogger(format: LogFormat): { info(...args: unknown[]): void; warn(...args: unknown[]): void; error(...args: unknown[]): void } {
  if (format === "text") return console;
  const write = (level: LogLevel, args: unknown[]) => {
    const words: string[] = [];
    let fields: Record<string, unknown> = {};
    for (const arg of args) {
      if (arg instanceof Error) fields.error = { message: arg.message, stack: arg.stack };
      else if (isFields(arg)) fields = { ...fields, ...arg };
      else words.push(String(arg));
    }
    const line = formatLogLine("json", level, words.join(" "), fields);
    if (level === "info") console.log(line);
    else console.error(line);
  };
  return { info: (...args) => write("info", args), warn: (...args) => write("warn", args), error: (...args) => write("error", args) };
}
