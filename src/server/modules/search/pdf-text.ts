/**
 * The text of a document's PDF for site search (issue 33): read with pdf.js (the viewer's own library,
 * its Node build) in a worker thread with a deadline, a heap ceiling and page and character limits, so
 * a large or hostile PDF never holds the event loop and never makes indexing fail — it adds no text.
 * The worker's source is a string (`eval: true`) for the reason given in documents/bibtex-worker.ts.
 */
import { Worker } from "node:worker_threads";
import type { FileStore } from "../../infra/files/file-store";
import { storedFileKey } from "../../infra/files/file-storage";

export const PDF_TEXT_LIMITS = { maxBytes: 25 * 1024 * 1024, maxPages: 60, maxChars: 50_000, timeoutMs: 15_000, maxHeapMb: 256 } as const;

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
(async () => {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: new Uint8Array(workerData.data), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const parts = [];
  let length = 0;
  const pages = Math.min(doc.numPages, workerData.maxPages);
  for (let n = 1; n <= pages && length < workerData.maxChars; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const text = content.items.map((item) => (typeof item.str === "string" ? item.str : "")).join(" ");
    parts.push(text);
    length += text.length;
    page.cleanup();
  }
  await doc.destroy();
  return parts.join("\\n").slice(0, workerData.maxChars);
})().then(
  (text) => parentPort.postMessage({ ok: true, text }),
  (error) => parentPort.postMessage({ ok: false, message: String((error && error.message) || error) }),
);
`;

/** The text of a PDF's first pages; "" when it has none, cannot be read in time, or is too large. */
export function pdfTextFromBytes(data: Buffer, limits: Partial<typeof PDF_TEXT_LIMITS> = {}): Promise<string> {
  const l = { ...PDF_TEXT_LIMITS, ...limits };
  if (data.length === 0 || data.length > l.maxBytes) return Promise.resolve("");
  return new Promise((resolve) => {
    let settled = false;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { data, maxPages: l.maxPages, maxChars: l.maxChars },
      resourceLimits: { maxOldGenerationSizeMb: l.maxHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    const finish = (text: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(text.replace(/\s+/g, " ").trim());
    };
    const timer = setTimeout(() => finish(""), l.timeoutMs);
    worker.on("message", (message: { ok: boolean; text?: string }) => finish(message.ok ? (message.text ?? "") : ""));
    worker.on("error", () => finish(""));
    worker.on("exit", () => finish(""));
  });
}

/** The text of a document's stored PDF (`document.file_path`, a member's upload: `myUploads/<hash>/<name>`). */
export async function pdfTextOf(fileStore: FileStore, filePath: string): Promise<string> {
  const key = storedFileKey("myUploads", filePath.split("/").filter((s) => s.length > 0));
  const stat = await fileStore.stat(key);
  if (!stat || stat.size > PDF_TEXT_LIMITS.maxBytes) return "";
  const data = await fileStore.read(key);
  return data ? pdfTextFromBytes(data) : "";
}
