/**
 * Cross-script site search, the text side (pure: no database, no React; runs on server and browser).
 *
 * A visitor types Hindi in Devanagari, in Latin letters ("jangal", "devrai", "orans") or both, and names
 * have many spellings. Every word of an indexed text is stored as its normalised self and as its
 * script-independent phonetic key; every query word is looked for as a prefix of either, so a romanised
 * query finds Devanagari text and the other way round:
 *
 *   indexLexemes("देवराई और जंगल")   → ["देवराई", "debry", "और", "or", "जंगल", "jngl"]
 *   queryAlternatives("deorai jangal") → [["deorai", "debry"], ["jangal", "jngl"]]
 *
 * - Hindi is normalised (`normaliseHindi`: nukta, chandrabindu, nasal clusters, ZWJ/ZWNJ, candra vowels)
 *   and lightly stemmed (`stemHindi`: plural/oblique endings); Latin letters lose their accents.
 * - Transliteration scheme: Devanagari letters are read by @indic-transliteration/sanscript (Devanagari →
 *   IAST) and written the informal way Hindi speakers type (`toLatin`: IAST without diacritics except
 *   c ch, ch chh, ś/ṣ sh, ṛ ri, ज़ z, फ़ f, ड़ r, ढ़ rh, ज्ञ gy; long vowels single; anusvara n, or m
 *   before p/b/m), with Hindi schwa deletion ("जंगल" jangal, "देवराई" devrai, "राजस्थान" rajasthan).
 * - The key (`phoneticKey`, phonetic.ts) folds that romanisation and any Latin word the same way: a
 *   phonetic skeleton (aspiration dropped, v/w/b, z/j, ph/f, sh/s, ee/i, oo/u, ai/ay/y, au/o, doubled
 *   letters, an English plural "s", every non-initial "a" dropped …; the steps are listed in phonetic.ts).
 *   Ambiguous Devanagari (ड़ read "r" or "d", गांव "gaon" or "gaanv", ऋ "ri" or "ru") gives up to eight
 *   keys, all stored; the first is the key.
 * - Other Indian scripts (Bengali, Odia, Gujarati, Gurmukhi, Tamil, Telugu, Kannada, Malayalam) are read
 *   through sanscript into Devanagari for their key; a word of any other script keys to its code points.
 * - `fuzzyKeys` gives the keys of a text, "a"s kept, for pg_trgm trigram similarity (one or two wrong
 *   letters).
 *
 * Trade-offs: precision over cleverness — the vowels e, i, o, u stay in the key, so "jungle" and "jangal",
 * "Oraon" and "उरांव" do not meet; a word written as one in one script and as two in the other
 * (तमिलनाडु / "Tamil Nadu") is not found by its second half; a query word is matched as a prefix, so a
 * short query word matches many (keys of one letter are never offered as query alternatives).
 * Measured on tests/fixtures/search/bilingual-names.json by tests/unit/search-text.test.ts.
 */
import { latinKey } from "./phonetic";
import { brahmicScriptOf, foldNukta, preNormaliseHindi, romanisations, stemHindi, toDevanagari } from "./devanagari";

export { normaliseHindi, stemHindi, toLatin } from "./devanagari";

/** A tsvector lexeme holds at most 2 KB; words this long are noise anyway (as `searchWords`). */
export const LEXEME_MAX = 60;
/** Query words looked for at most. */
export const QUERY_WORDS_MAX = 12;

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

interface Word {
  /** As stored and compared: lower case, Latin accents removed, Hindi normalised. */
  text: string;
  /** Devanagari (or another Brahmic script read into Devanagari) with its nukta, for the key; null for other scripts. */
  devanagari: string | null;
  /** The Hindi stem when it differs from `text`. */
  stem: string | null;
}

/** Lower case, Latin accents removed (NFD, U+0300–U+036F), Hindi normalised except for its nukta. */
function normaliseText(text: string): string {
  return preNormaliseHindi(text).normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC").toLowerCase();
}

/** A word cut where its script changes ("jangalजंगल" is two words); marks stay with what they follow. */
function scriptRuns(word: string): Array<{ run: string; script: string | null }> {
  const runs: Array<{ run: string; script: string | null }> = [];
  for (const ch of word) {
    const last = runs.at(-1);
    const script = /\p{M}/u.test(ch) && last ? last.script : brahmicScriptOf(ch);
    if (last && last.script === script) last.run += ch;
    else runs.push({ run: ch, script });
  }
  return runs;
}

/** The words of a text, each once, in order. */
function wordsOf(text: string): Word[] {
  const seen = new Set<string>();
  const out: Word[] = [];
  for (const match of normaliseText(text).match(WORD) ?? []) {
    for (const { run, script } of scriptRuns(match)) {
      const word = foldNukta(run).slice(0, LEXEME_MAX);
      if (seen.has(word)) continue;
      seen.add(word);
      if (script === "devanagari") {
        const stem = foldNukta(stemHindi(run));
        out.push({ text: word, devanagari: run, stem: stem === word ? null : stem.slice(0, LEXEME_MAX) });
      } else if (script !== null) {
        const devanagari = toDevanagari(run, script);
        out.push({ text: word, devanagari: devanagari === "" ? null : devanagari, stem: null });
      } else out.push({ text: word, devanagari: null, stem: null });
    }
  }
  return out;
}

/** A key for a word no romanisation reaches: its code points in base 36 after an "x". */
const codePointKey = (word: string) => `x${[...word].map((ch) => (ch.codePointAt(0) ?? 0).toString(36)).join("")}`;

/** The keys of one word, the key first, then the keys of its other readings (ड़ as d, गांव as gaanv …). */
/** Romanisations of recent Devanagari stems (schwa deletion and up to eight renderings are the costly part). */
const romanised = new Map<string, string[]>();
function romanisationsOf(devanagari: string): string[] {
  const stem = stemHindi(devanagari);
  let found = romanised.get(stem);
  if (found === undefined) {
    if (romanised.size >= 5000) romanised.clear();
    found = romanisations(stem);
    romanised.set(stem, found);
  }
  return found;
}

function keysOf(word: Word, keepA = false): string[] {
  const keys = word.devanagari === null ? [latinKey(word.text, keepA)] : romanisationsOf(word.devanagari).map((r) => latinKey(r, keepA));
  const found = [...new Set(keys.filter((k) => k !== "").map((k) => k.slice(0, LEXEME_MAX)))];
  if (found.length > 0) return found;
  return /[\p{L}\p{N}]/u.test(word.text) ? [codePointKey(word.text).slice(0, LEXEME_MAX)] : [];
}

/**
 * Lexemes stored for a text: every normalised word (as today's searchWords: lower case, Latin accents
 * removed, each once, ≤ 60 chars; Hindi normalised by `normaliseHindi`), a Hindi word's stem when it
 * differs, and each word's phonetic keys when they differ from it. Deterministic, in text order.
 */
export function indexLexemes(text: string): string[] {
  const out = new Set<string>();
  for (const word of wordsOf(text)) {
    out.add(word.text);
    if (word.stem !== null) out.add(word.stem);
    for (const key of keysOf(word)) out.add(key);
  }
  return [...out];
}

/** A query word's terms: its forms (the normalised word, its Hindi stem when it differs) and its phonetic keys. */
export interface QueryWordTerms {
  forms: string[];
  keys: string[];
}

/**
 * Keys shorter than this are matched whole, never as prefixes: a two-letter consonant skeleton ("kt" of
 * "kht") begins the keys of a third of all words.
 */
export const KEY_PREFIX_MIN = 3;

/**
 * The query's words (at most 12, each once; punctuation ignored, digits kept), each with its forms and
 * phonetic keys (`queryAlternatives` joins them). Keys of a single letter are left out (they would match
 * nearly everything).
 */
export function queryWordTerms(query: string): QueryWordTerms[] {
  return wordsOf(query)
    .slice(0, QUERY_WORDS_MAX)
    .map((word) => {
      const forms = [...new Set([word.text, ...(word.stem === null ? [] : [word.stem])])];
      return { forms, keys: keysOf(word).filter((k) => k.length >= 2 && !forms.includes(k)) };
    });
}

/**
 * The query's words, each with its alternatives to be matched as PREFIXES of stored lexemes: [normalised
 * word, Hindi stem if it differs, its phonetic keys …]. A query word matches when any alternative begins a
 * stored lexeme (a key shorter than KEY_PREFIX_MIN only when it is the whole lexeme).
 */
export function queryAlternatives(query: string): string[][] {
  return queryWordTerms(query).map((w) => [...new Set([...w.forms, ...w.keys])]);
}

/**
 * The fuzzy keys of a text's words joined by single spaces, for trigram similarity (pg_trgm similarity or
 * word_similarity against `fuzzyKeys(query)`): each word's phonetic key with its "a"s kept ("जंगल" →
 * "jangal", "Mawphlang" → "moflang", "देवराई" → "debry"). Each word once. Keeping them makes keys longer, so one wrong
 * letter costs fewer trigrams; the folding still lets a Devanagari title and a romanised query meet.
 */
export function fuzzyKeys(text: string): string {
  return [...new Set(wordsOf(text).map((word) => keysOf(word, true)[0] ?? ""))].filter((k) => k !== "").join(" ");
}

/**
 * The script-independent key of one word (of a text's words, joined): Devanagari and the common informal
 * romanisations meet ("देवराई", "devrai", "deorai", "devarai" → "debry"; "ओरण", "oran", "orans" → "orn";
 * "जंगल", "jangal" → "jngl"; "jungle" is "jungl"). Only [a-z0-9]; non-empty for any word with letters
 * or digits.
 */
export function phoneticKey(word: string): string {
  return wordsOf(word)
    .map((w) => keysOf(w)[0] ?? "")
    .join("");
}

/** Every key of a word, the phonetic key first (ambiguous Devanagari has up to eight). */
export function phoneticKeys(word: string): string[] {
  const words = wordsOf(word);
  return words.length === 1 ? keysOf(words[0] as Word) : [phoneticKey(word)].filter((k) => k !== "");
}
