/**
 * Spelling tolerance by edit distance (issue 33, item 3), beside pg_trgm's trigram similarity: trigrams
 * cannot see that "ven" is "van" or "phad" is "pahad" (short words share too few trigrams). Each title word's
 * phonetic key is stored with its deletion neighbours (the key with one letter left out: the symmetric-delete
 * scheme), and a query word's key with its own: two words one edit apart (a letter added, left out, changed,
 * or two neighbours swapped) always share one of them. Keys, not letters, so "jamgal" meets "जंगल" too.
 */
import { fuzzyKeys } from "./index";

/** Keys shorter than this are matched only as themselves (their neighbours would meet almost anything). */
export const NEIGHBOUR_MIN_KEY = 3;
/** Longer keys keep their first part for neighbours (a lexeme and its neighbours stay bounded). */
const NEIGHBOUR_MAX_KEY = 24;

/** A key and every string one deletion away from it (each once). */
export function deletionNeighbours(key: string): string[] {
  const k = key.slice(0, NEIGHBOUR_MAX_KEY);
  if (k.length < NEIGHBOUR_MIN_KEY) return k === "" ? [] : [k];
  const out = new Set<string>([k]);
  for (let i = 0; i < k.length; i++) out.add(k.slice(0, i) + k.slice(i + 1));
  return [...out];
}

/** The phonetic keys of a text's words (first key of each, each once). */
export const keysOfText = (text: string): string[] => fuzzyKeys(text).split(" ").filter((k) => k !== "");

/** Lexemes stored for a title: each word's key and its deletion neighbours. */
export function fuzzyLexemes(text: string): string[] {
  return [...new Set(keysOfText(text).flatMap(deletionNeighbours))];
}

/**
 * The tsquery of a query against stored `fuzzyLexemes`: every query word (at most 12) must meet a title
 * word within one edit — `(jmgl | mgl | jgl | jml | jmg) & …`. Keys are [a-z0-9] only. Null without a word.
 */
export function fuzzyTsQuery(query: string): string | null {
  const words = keysOfText(query)
    .slice(0, 12)
    .map((key) => deletionNeighbours(key).filter((n) => /^[a-z0-9]+$/.test(n)))
    .filter((n) => n.length > 0);
  if (words.length === 0) return null;
  return words.map((n) => (n.length === 1 ? `'${n[0]}'` : `(${n.map((x) => `'${x}'`).join(" | ")})`)).join(" & ");
}

/** Edits (insert, delete, change, swap two neighbours) from `a` to `b`: optimal string alignment distance. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * How well a title's words answer a query's words, 0–1, by their keys: for each query key the closest
 * title key (1 − edits / longer length; a title key that begins with the query key counts as equal), averaged.
 */
export function keyScore(queryKeys: readonly string[], titleKeys: readonly string[]): number {
  if (queryKeys.length === 0 || titleKeys.length === 0) return 0;
  let sum = 0;
  for (const q of queryKeys) {
    let best = 0;
    for (const t of titleKeys) {
      const s = t.startsWith(q) ? 1 : 1 - editDistance(q, t) / Math.max(q.length, t.length);
      if (s > best) best = s;
    }
    sum += best;
  }
  return sum / queryKeys.length;
}

/** `keyScore` of two texts. */
export const fuzzyScore = (queryText: string, titleText: string): number => keyScore(keysOfText(queryText), keysOfText(titleText));
