/**
 * Runs @retorquere/bibtex-parser in a worker thread with a deadline (issue 27 item 3). The parser's
 * cost grows about quadratically with some inputs (a 60 KB author list of "A," takes seconds), so it
 * never runs on the event loop that answers every request: each parse gets a fresh worker, a memory
 * ceiling and a timeout, and a worker past its deadline is terminated. The deadline counts from the moment
 * the worker has loaded the parser (it says "ready"): on a busy machine starting a worker alone took over
 * two seconds, which is not the input's cost; starting is bounded apart (`WORKER_START_TIMEOUT_MS`).
 *
 * The worker's source is the string below (evaluated by `new Worker(…, { eval: true })`), not a file:
 * the platform is bundled into one API route by `next build`, so a worker file beside this module would
 * not exist in production. The worker imports the parser by its package name, which Node resolves from
 * the working directory's node_modules (the project root in `npm start`, the tests and the seed, as for
 * `src/pages/api/map/[file].ts`).
 */
import { Worker } from "node:worker_threads";

/** What the worker sends back: the parse's first entry and its first error, as JSON. */
export interface ParsedLibrary {
  entryCount: number;
  entry: { type: string; key: string; fields: Record<string, unknown> } | null;
  errors: string[];
  errorCount: number;
}

export type WorkerParseResult = { ok: true; library: ParsedLibrary } | { ok: false; reason: "timeout" | "crashed" | "thrown" | "unavailable" | "busy"; message: string };

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
import("@retorquere/bibtex-parser").then(
  ({ parse }) => {
    // Loaded: the deadline of the parse starts now (starting a worker on a busy machine is not the input's cost).
    parentPort.postMessage("ready");
    let out;
    try {
      const library = parse(workerData.source, { caseProtection: false, sentenceCase: false });
      const first = library.entries[0];
      out = {
        ok: true,
        library: {
          entryCount: library.entries.length,
          entry: first ? { type: String(first.type), key: String(first.key), fields: first.fields } : null,
          errors: library.errors.slice(0, 1).map((e) => String(e.error)),
          errorCount: library.errors.length,
        },
      };
    } catch (error) {
      out = { ok: false, reason: "thrown", message: String((error && error.message) || error) };
    }
    parentPort.postMessage(JSON.stringify(out));
  },
  (error) => parentPort.postMessage(JSON.stringify({ ok: false, reason: "unavailable", message: "The BibTeX parser could not be loaded: " + String(error && error.message) })),
);
`;

/** How long a worker may take to start and load the parser (a busy machine), before the parse's own deadline. */
export const WORKER_START_TIMEOUT_MS = 30_000;

export interface WorkerParseOptions {
  /** Milliseconds the parse may take, from the moment the worker has loaded the parser to its answer. */
  timeoutMs: number;
  /** The worker's heap ceiling. */
  maxHeapMb?: number;
}

/** Parses `source` in a fresh worker; never rejects (a timeout, a crash or a parser error is a result). */
export function parseInWorker(source: string, { timeoutMs, maxHeapMb = 96 }: WorkerParseOptions): Promise<WorkerParseResult> {
  return new Promise((resolve) => {
    let settled = false;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { source },
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    const finish = (result: WorkerParseResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const parseTimeout = () => finish({ ok: false, reason: "timeout", message: `The BibTeX parser took longer than ${timeoutMs} ms` });
    let timer = setTimeout(() => finish({ ok: false, reason: "busy", message: `The BibTeX parser did not start within ${WORKER_START_TIMEOUT_MS} ms` }), WORKER_START_TIMEOUT_MS);
    worker.on("message", (message: string) => {
      if (message === "ready") {
        clearTimeout(timer);
        timer = setTimeout(parseTimeout, timeoutMs);
        return;
      }
      try {
        finish(JSON.parse(message) as WorkerParseResult);
      } catch {
        finish({ ok: false, reason: "crashed", message: "The BibTeX parser sent an unreadable answer" });
      }
    });
    worker.on("error", (error) => finish({ ok: false, reason: "crashed", message: error.message }));
    worker.on("exit", (code) => finish({ ok: false, reason: "crashed", message: `The BibTeX parser stopped (exit code ${code})` }));
  });
}
