// @vitest-environment node
/**
 * The BibTeX parser's worker (issue 27 item 3): a parse past its deadline is stopped and refused with a
 * translated 422 while the event loop keeps running; an ordinary file still parses.
 */
import { describe, expect, it } from "vitest";
import { refusal } from "./helpers/app-error";
import { BIB_FILE_MAX, countBibEntries, parseBibtex } from "@/server/modules/documents/bibtex";
import { parseInWorker } from "@/server/modules/documents/bibtex-worker";

/** An author list the parser spends about a second on (its cost grows about quadratically). */
const SLOW = `@article{slow, title = {T}, author = {${"A,".repeat(12 * 1024)}}}`;

describe("BibTeX parsing in a worker", () => {
  it("parses an ordinary entry into the form's fields", async () => {
    const out = await parseBibtex("@book{k, title = {Sacred groves of {India}}, author = {Malhotra, K. C.}, publisher = {INTACH}, year = {2001}}");
    expect(out).toMatchObject({ itemTypeId: expect.any(Number), title: "Sacred groves of India", author: "Malhotra, K. C.", year: "2001", key: "k" });
  });

  it("terminates a parse past its deadline; timers keep firing meanwhile", async () => {
    let worstLag = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      worstLag = Math.max(worstLag, now - last - 5);
      last = now;
    }, 5);
    const started = performance.now();
    const result = await parseInWorker(SLOW, { timeoutMs: 150 });
    const elapsed = performance.now() - started;
    clearInterval(ticker);
    expect(result).toMatchObject({ ok: false, reason: "timeout" });
    expect(elapsed).toBeLessThan(1000);
    expect(worstLag).toBeLessThan(100);
  });

  it("answers a parse past its deadline with 422 and a translation key on file", async () => {
    const error = await refusal(parseBibtex(SLOW, { timeoutMs: 150 }));
    expect(error.status).toBe(422);
    expect(error.fieldErrors).toEqual({ file: "document:errors.bib_too_slow" });
  });

  it("refuses before parsing: over the size cap 413, over the entry cap 413", async () => {
    const large = await refusal(parseBibtex(`@misc{a, title = {${"x".repeat(BIB_FILE_MAX)}}}`));
    expect(large.status).toBe(413);
    expect(large.fieldErrors).toEqual({ file: "document:errors.bib_too_large" });
    const many = Array.from({ length: 201 }, (_, i) => `@misc{k${i}, title = {T}}`).join("\n");
    expect(countBibEntries(many)).toBe(201);
    expect(countBibEntries("@comment{x}\n@ARTICLE ( y, title = {a@b.org} )")).toBe(2);
    const tooMany = await refusal(parseBibtex(many));
    expect(tooMany.status).toBe(413);
    expect(tooMany.fieldErrors).toEqual({ file: "document:errors.bib_too_many_entries" });
  });

  it("answers 503 with a retry hint when two parses are already running", async () => {
    const running = [parseBibtex(SLOW, { timeoutMs: 400 }), parseBibtex(SLOW, { timeoutMs: 400 })];
    const busy = await refusal(parseBibtex("@misc{a, title = {T}}"));
    expect(busy.status).toBe(503);
    expect(busy.headers).toEqual({ "retry-after": "5" });
    expect(busy.fieldErrors).toEqual({ file: "document:errors.bib_busy" });
    await Promise.allSettled(running);
    expect((await parseBibtex("@misc{a, title = {T}}")).title).toBe("T");
  });
});
