/**
 * What a hit shows (pure): its title and a short passage with the words the query found marked, matched
 * the way the index matches them (a word, or its script-independent key, begins with one of a query
 * word's alternatives: `queryAlternatives`, src/shared/search), and the "did you mean" correction.
 */
import type { SearchTextPart } from "@/contracts/search";
import { indexLexemes, phoneticKey } from "@/shared/search";

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** Whether one word of a text is found by a query's alternatives. */
export function wordMatches(word: string, alternatives: readonly (readonly string[])[]): boolean {
  const forms = indexLexemes(word);
  return alternatives.some((alts) => alts.some((a) => forms.some((f) => f.startsWith(a))));
}

/** `text` cut into parts, the words the query finds marked. Neighbouring parts of the same kind are joined. */
export function markMatches(text: string, alternatives: readonly (readonly string[])[]): SearchTextPart[] {
  const parts: SearchTextPart[] = [];
  const push = (t: string, match: boolean) => {
    if (t === "") return;
    const last = parts[parts.length - 1];
    if (last && last.match === match) last.text += t;
    else parts.push({ text: t, match });
  };
  let at = 0;
  for (const m of text.matchAll(WORD)) {
    push(text.slice(at, m.index), false);
    push(m[0], wordMatches(m[0], alternatives));
    at = m.index + m[0].length;
  }
  push(text.slice(at), false);
  return parts;
}

/** The passage of `text` (about `size` characters, on word boundaries) around its first found word, or its beginning. */
export function snippetOf(text: string, alternatives: readonly (readonly string[])[], size = 220): SearchTextPart[] {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean === "") return [];
  let first = -1;
  for (const m of clean.matchAll(WORD)) {
    if (wordMatches(m[0], alternatives)) {
      first = m.index;
      break;
    }
  }
  let start = first <= size / 3 ? 0 : first - Math.floor(size / 3);
  if (start > 0) {
    const space = clean.indexOf(" ", start);
    start = space === -1 || space > first ? start : space + 1;
  }
  let end = Math.min(clean.length, start + size);
  if (end < clean.length) {
    const space = clean.lastIndexOf(" ", end);
    if (space > start + size / 2) end = space;
  }
  const passage = `${start > 0 ? "… " : ""}${clean.slice(start, end)}${end < clean.length ? " …" : ""}`;
  return markMatches(passage, alternatives);
}

// ── Did you mean ─────────────────────────────────────────────────────────────────────────────────

/** pg_trgm's trigrams of a word: lower case, padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

/** pg_trgm's similarity of two words (shared trigrams over all trigrams). */
export function trigramSimilarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  const union = x.size + y.size - shared;
  return union === 0 ? 0 : shared / union;
}

/**
 * A corrected query from the titles of what spelling tolerance found: each query word that no title
 * word matches is replaced by the title word most like it (by their keys), when one is like enough.
 * Null when nothing would change.
 */
export function suggestionFrom(query: string, titles: readonly string[], minSimilarity = 0.3): string | null {
  const titleWords = [...new Set(titles.flatMap((t) => t.match(WORD) ?? []))];
  if (titleWords.length === 0) return null;
  const keyed = titleWords.map((w) => ({ word: w, key: phoneticKey(w) }));
  let changed = false;
  const words = (query.match(WORD) ?? []).map((word) => {
    const key = phoneticKey(word);
    if (keyed.some((t) => t.key.startsWith(key) && key.length > 0)) return word;
    let best: { word: string; score: number } | null = null;
    for (const t of keyed) {
      const score = trigramSimilarity(key, t.key);
      if (score >= minSimilarity && (best === null || score > best.score)) best = { word: t.word, score };
    }
    if (!best || best.word.toLowerCase() === word.toLowerCase()) return word;
    changed = true;
    return best.word;
  });
  return changed ? words.join(" ") : null;
}
