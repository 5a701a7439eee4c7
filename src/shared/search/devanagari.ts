/**
 * Hindi text for search (pure): normalisation, a light stemmer and an informal romanisation.
 *
 * The letters come from `@indic-transliteration/sanscript` (Devanagari → IAST, one letter at a time,
 * cached); this module adds what a search for Hindi needs on top: the spelling variants folded, the
 * informal spelling people type ("ch", "sh", long vowels written single: आ → "a", ई → "i"), Hindi schwa
 * deletion ("जंगल" → "jangal", "देवराई" → "devrai") and, for the phonetic key, the renderings an
 * ambiguous letter also has (ड़ as "r" or "d", "गांव" as "gaanv" or "gaon").
 */
import Sanscript from "@indic-transliteration/sanscript";

const NUKTA = "\u093C";
const VIRAMA = "\u094D";
const ANUSVARA = "\u0902";
const VISARGA = "\u0903";

const code = (ch: string) => ch.codePointAt(0) ?? 0;
/** A consonant letter (क…ह, the precomposed nukta letters, the Marathi/Sindhi additions). */
export const isDevanagariConsonant = (ch: string) => {
  const c = code(ch);
  return (c >= 0x915 && c <= 0x939) || (c >= 0x958 && c <= 0x95f) || (c >= 0x978 && c <= 0x97f);
};
const isIndependentVowel = (ch: string) => {
  const c = code(ch);
  return (c >= 0x904 && c <= 0x914) || c === 0x960 || c === 0x961 || (c >= 0x972 && c <= 0x977);
};
const isVowelSign = (ch: string) => {
  const c = code(ch);
  return (c >= 0x93e && c <= 0x94c) || c === 0x94e || c === 0x94f || c === 0x962 || c === 0x963 || (c >= 0x955 && c <= 0x957);
};
const isDigit = (ch: string) => code(ch) >= 0x966 && code(ch) <= 0x96f;

// ── Normalisation ────────────────────────────────────────────────────────────────────────────────

/** Candra and short vowels (English loans, Marathi, South Indian names) folded into the common vowel. */
const VOWEL_FOLD: Record<string, string> = {
  "\u0949": "\u094B", // ॉ → ो   (कॉलेज, लॉ)
  "\u094A": "\u094B", // ॊ → ो
  "\u0945": "\u0947", // ॅ → े
  "\u0946": "\u0947", // ॆ → े
  "\u0911": "\u0913", // ऑ → ओ
  "\u0912": "\u0913", // ऒ → ओ
  "\u090D": "\u090F", // ऍ → ए
  "\u090E": "\u090F", // ऎ → ए
  "\u0972": "\u0905", // ॲ → अ
  "\u0904": "\u0905", // ऄ → अ
  "\u0901": ANUSVARA, // chandrabindu → anusvara (गाँव → गांव)
};
const VOWEL_FOLD_RE = new RegExp(`[${Object.keys(VOWEL_FOLD).join("")}]`, "g");
/** A nasal + virama before a stop or a sibilant is written with anusvara (जङ्गल → जंगल, सन्त → संत). */
const NASAL_CLUSTER = /[ङञणनम]\u094D(?=[कखगघचछजझटठडढतथदधपफबभशषस])/g;

/**
 * Normalised like `normaliseHindi` but with the nukta kept: the phonetic key still needs it (ड़ is "r").
 */
export function preNormaliseHindi(text: string): string {
  return text.normalize("NFC").replace(/[\u200C\u200D]/g, "").replace(VOWEL_FOLD_RE, (ch) => VOWEL_FOLD[ch] ?? ch).replace(NASAL_CLUSTER, ANUSVARA);
}

/** Nukta letters folded into their plain letter (क़ → क, ज़ → ज, फ़ → फ, ड़ → ड, ढ़ → ढ, ऩ → न, ऱ → र), ळ → ल. */
export function foldNukta(text: string): string {
  return text.replace(/\u093C/g, "").replace(/\u0929/g, "\u0928").replace(/\u0931/g, "\u0930").replace(/[\u0933\u0934]/g, "\u0932");
}

/**
 * Hindi text in the one spelling search stores and compares: NFC; ZWJ/ZWNJ removed; nukta removed from
 * every letter, ड़/ढ़ included (people often leave the nukta out, and no pair of common words differs by it
 * alone; the phonetic key still reads ड़ as "r"); ळ → ल; chandrabindu → anusvara; a nasal consonant + virama
 * before a stop or sibilant → anusvara (जङ्गल → जंगल, सन्त → संत, चम्पा → चंपा; न्न, न्म, न्य, न्ह stay); candra
 * and short vowels folded (ॉ → ो, ॅ → े, ऑ → ओ, ऍ → ए). Other scripts pass unchanged (NFC).
 */
export function normaliseHindi(text: string): string {
  return foldNukta(preNormaliseHindi(text));
}

// ── Stemming ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Plural and oblique endings of nouns, longest first, with what replaces them. Only these: verb endings,
 * feminine -ī and the masculine -e are left alone (the phonetic key already folds -ā/-e: लड़का, लड़के).
 */
const SUFFIXES: ReadonlyArray<readonly [string, string]> = [
  ["ियों", "ी"], // नदियों → नदी
  ["ियां", "ी"], // नदियां (नदियाँ) → नदी
  ["ाओं", "ा"], // माताओं → माता
  ["ाएं", "ा"], // माताएं (माताएँ) → माता
  ["ुओं", "ु"], // साधुओं → साधु
  ["ूओं", "ू"],
  ["ों", ""], // जंगलों → जंगल, गांवों → गांव
  ["ें", ""], // झीलें → झील
];
const letterCount = (s: string) => [...s].filter((ch) => isDevanagariConsonant(ch) || isIndependentVowel(ch)).length;

/**
 * A Hindi word without its plural/oblique ending (conservative: only the endings above, and only when at
 * least two letters stay, so में, हैं, हों are never cut). The word is normalised as `normaliseHindi` does,
 * except that its nukta stays.
 */
export function stemHindi(word: string): string {
  const w = preNormaliseHindi(word);
  for (const [suffix, replacement] of SUFFIXES) {
    if (!w.endsWith(suffix)) continue;
    const stem = w.slice(0, -suffix.length);
    if (letterCount(stem) >= 2) return stem + replacement;
  }
  return w;
}

// ── Romanisation ─────────────────────────────────────────────────────────────────────────────────

/** IAST letters whose informal spelling is not IAST without its diacritics. */
const INFORMAL: Record<string, string> = { c: "ch", ch: "chh", "ś": "sh", "ṣ": "sh", "ṛ": "ri", "ṝ": "ri", "ḷ": "lri", "ḹ": "lri", "ḻ": "l", "l̤": "l" };
const plain = (iast: string) => INFORMAL[iast] ?? iast.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
const cache = new Map<string, string>();
function viaSanscript(devanagari: string, strip: number): string {
  let latin = cache.get(devanagari);
  if (latin === undefined) {
    latin = plain(Sanscript.t(devanagari, "devanagari", "iast").slice(strip));
    cache.set(devanagari, latin);
  }
  return latin;
}
const consonantLatin = (ch: string) => viaSanscript(ch + VIRAMA, 0);
/** A vowel sign read through a carrier consonant ("का" → "kā" → "a"). */
const vowelSignLatin = (sign: string) => viaSanscript("\u0915" + sign, 1);
const vowelLatin = (vowel: string) => viaSanscript(vowel, 0);

/** A consonant with nukta: क़ q, ख़ kh, ग़ gh, ज़ z, ड़ r (also "d"), ढ़ rh (also "dh"), फ़ f. */
const NUKTA_LATIN: Record<string, readonly [string, string?]> = {
  "\u0915": ["q"],
  "\u0916": ["kh"],
  "\u0917": ["gh"],
  "\u091C": ["z"],
  "\u0921": ["r", "d"],
  "\u0922": ["rh", "dh"],
  "\u092B": ["f"],
};

type Phone =
  | { kind: "C"; latin: string; alt?: string }
  | { kind: "V"; latin: string; schwa: boolean; deleted?: boolean }
  | { kind: "N" }
  | { kind: "X"; latin: string };

/** The sounds of one Devanagari word (pre-normalised), with Hindi schwa deletion applied. */
function phonesOf(word: string): Phone[] {
  const chars = [...word];
  const phones: Phone[] = [];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    if (isDevanagariConsonant(ch)) {
      let latin = consonantLatin(ch);
      let alt: string | undefined;
      let j = i + 1;
      if (chars[j] === NUKTA) {
        const special = NUKTA_LATIN[ch];
        if (special) [latin, alt] = special;
        j++;
      } else if ((ch === "\u0921" || ch === "\u0922") && phones.at(-1)?.kind === "V" && chars[j] !== VIRAMA) {
        // ड/ढ between vowels is ड़/ढ़ written without its nukta.
        alt = ch === "\u0921" ? "r" : "rh";
      }
      phones.push(alt === undefined ? { kind: "C", latin } : { kind: "C", latin, alt });
      const next = chars[j];
      if (next === VIRAMA) j++;
      else if (next !== undefined && isVowelSign(next)) {
        phones.push({ kind: "V", latin: vowelSignLatin(next), schwa: false });
        j++;
      } else phones.push({ kind: "V", latin: "a", schwa: true });
      i = j - 1;
    } else if (isIndependentVowel(ch)) phones.push({ kind: "V", latin: vowelLatin(ch), schwa: false });
    else if (isVowelSign(ch)) phones.push({ kind: "V", latin: vowelSignLatin(ch), schwa: false });
    else if (ch === ANUSVARA) phones.push({ kind: "N" });
    else if (ch === VISARGA) phones.push({ kind: "C", latin: "h" });
    else if (ch === "\u0950") phones.push({ kind: "V", latin: "o", schwa: false }, { kind: "C", latin: "m" });
    else if (isDigit(ch)) phones.push({ kind: "X", latin: String(code(ch) - 0x966) });
    // avagraha, stray nukta or virama, accents: silent
  }
  deleteSchwas(phones);
  return phones;
}

const live = (p: Phone | undefined): boolean => p?.kind === "V" && !p.deleted;
/** Consonants that keep a final schwa after a conjunct: मित्र mitra, सत्य satya, कृष्ण krishna, शुक्ल shukla. */
const KEEPS_FINAL_SCHWA = new Set(["y", "r", "l", "v", "n", "m"]);

/**
 * Hindi schwa deletion, right to left: the inherent "a" goes at the end of a word (not after most
 * conjuncts, not in a one-vowel word) and in a V C _ C V context (देवराई → devrai, कमला → kamla).
 */
function deleteSchwas(phones: Phone[]): void {
  const vowels = phones.filter((p) => p.kind === "V").length;
  for (let i = phones.length - 1; i >= 1; i--) {
    const p = phones[i] as Phone;
    if (p.kind !== "V" || !p.schwa || phones[i - 1]?.kind !== "C") continue;
    const isFinal = phones.slice(i + 1).every((q) => q.kind === "X");
    if (isFinal) {
      if (vowels < 2) continue;
      const prev = phones[i - 1] as Extract<Phone, { kind: "C" }>;
      if (phones[i - 2]?.kind === "C") {
        let first = i - 2;
        while (phones[first - 1]?.kind === "C") first--;
        const repha = (phones[first] as Extract<Phone, { kind: "C" }>).latin === "r";
        if (!repha && KEEPS_FINAL_SCHWA.has(prev.latin)) continue;
      }
      p.deleted = true;
    } else if (live(phones[i - 2]) && phones[i + 1]?.kind === "C" && live(phones[i + 2])) {
      p.deleted = true;
    }
  }
}

const LABIALS = new Set(["p", "ph", "b", "bh", "m"]);

interface Rendering {
  /** For each ड़/ढ़ (and ड/ढ between vowels) in turn: read the other way ("d" for ड़, "r" for ड). */
  flaps: readonly boolean[];
  /**
   * The second reading of the other ambiguous sounds: आंव final "anv" instead of "aon" (गांव gaon/gaanv);
   * आव + consonant "ao" instead of "av" (डावकी davki/daoki, as "Dawki" and "Maw-" are typed); a final
   * nasal vowel without its n (मां man/ma); ऋ "ru" (Marathi prakruti); ऐ "e" (रैणी Reni), before anusvara
   * "a" (English loans: नागालैंड Nagaland).
   */
  alt: boolean;
}

function render(phones: readonly Phone[], how: Rendering): string {
  let out = "";
  let flap = 0;
  /** The next sound after i, a deleted schwa skipped. */
  const nextSound = (i: number) => phones.slice(i + 1).find((q) => !(q.kind === "V" && q.deleted));
  for (let i = 0; i < phones.length; i++) {
    const p = phones[i] as Phone;
    const prev = phones[i - 1];
    const next = nextSound(i);
    if (p.kind === "V") {
      if (p.deleted) continue;
      if (how.alt && p.latin === "ri" && !p.schwa) out += "ru";
      else if (how.alt && p.latin === "ai") out += next?.kind === "N" ? "a" : "e";
      else out += p.latin;
    } else if (p.kind === "X") out += p.latin;
    else if (p.kind === "N") {
      const after = next?.kind === "C" ? next.latin : "";
      if (after === "v" && nextSound(i + 1) === undefined && prev?.kind === "V" && prev.latin === "a") {
        out += how.alt ? "nv" : "on"; // गांव gaon (gaanv)
        i = phones.length;
      } else if (how.alt && next === undefined) {
        // a final nasal vowel is often typed without its n: मां maa, में me
      } else out += LABIALS.has(after) ? "m" : after === "h" ? "ng" : "n"; // चंपा champa, सिंह singh
    } else {
      const closesSyllable = next?.kind !== "V";
      if (how.alt && p.latin === "v" && closesSyllable && live(prev) && prev?.kind === "V" && prev.latin === "a") out += "o";
      else if (p.latin === "y" && closesSyllable && live(prev) && next?.kind === "C") out += "i"; // जयपुर jaipur
      else if (p.latin === "ch" && next?.kind === "C" && next.latin.startsWith("ch")) out += "c"; // बच्चा baccha
      else if (p.latin === "j" && next?.kind === "C" && next.latin === "n" && phones[i + 1] === next) {
        out += "gy"; // ज्ञ: ज्ञान gyan
        i++;
      } else if (p.alt !== undefined) out += how.flaps[flap++] ? p.alt : p.latin;
      else out += p.latin;
    }
  }
  return out;
}

const DEVANAGARI_RUN = /[\u0900-\u097F]+/g;

/**
 * Renderings of one pre-normalised Devanagari word: the informal one first, then its variants — each
 * ड़/ढ़ both ways (every combination for up to two of them, else all one way or all the other), each with
 * the second reading of the other ambiguous sounds. At most eight.
 */
export function romanisations(word: string): string[] {
  const phones = phonesOf(word);
  const n = phones.filter((p) => p.kind === "C" && p.alt !== undefined).length;
  const flapSets: boolean[][] = n <= 2 ? [[false, false], [true, false], [false, true], [true, true]].map((set) => set.slice(0, n)) : [Array<boolean>(n).fill(false), Array<boolean>(n).fill(true)];
  const out: string[] = [];
  for (const alt of [false, true]) for (const flaps of flapSets) out.push(render(phones, { flaps, alt }));
  return [...new Set(out)];
}

/**
 * Informal romanisation of the Devanagari in a text, lower case, each word as Hindi speakers type it:
 * schwa deleted ("जंगल" → "jangal", "देवराई" → "devrai", "राजस्थान" → "rajasthan"), long vowels single
 * ("तालाब" → "talab"), च ch, छ chh, श/ष sh, ज़ z, फ़ f, ड़ r, ढ़ rh, ज्ञ gy, anusvara n or m (before p/b/m).
 * Everything that is not Devanagari passes unchanged.
 */
export function toLatin(devanagari: string): string {
  return preNormaliseHindi(devanagari).replace(DEVANAGARI_RUN, (run) => romanisations(run)[0] ?? "");
}

// ── Other Indian scripts ─────────────────────────────────────────────────────────────────────────

/** Unicode blocks of the other Brahmic scripts sanscript reads, and its name for each. */
const BRAHMIC_BLOCKS: ReadonlyArray<readonly [number, number, string]> = [
  [0x980, 0x9ff, "bengali"],
  [0xa00, 0xa7f, "gurmukhi"],
  [0xa80, 0xaff, "gujarati"],
  [0xb00, 0xb7f, "oriya"],
  [0xb80, 0xbff, "tamil"],
  [0xc00, 0xc7f, "telugu"],
  [0xc80, 0xcff, "kannada"],
  [0xd00, 0xd7f, "malayalam"],
];

/** "devanagari", the sanscript name of another Brahmic script, or null for any other character. */
export function brahmicScriptOf(ch: string): string | null {
  const c = code(ch);
  if (c >= 0x900 && c <= 0x97f) return "devanagari";
  for (const [from, to, name] of BRAHMIC_BLOCKS) if (c >= from && c <= to) return name;
  return null;
}

/** A word of another Brahmic script (Bengali, Odia, Tamil …) in Devanagari letters, as sanscript maps them. */
export function toDevanagari(word: string, script: string): string {
  return preNormaliseHindi(Sanscript.t(word.normalize("NFC"), script, "devanagari")).replace(/[^\u0900-\u097F]/g, "");
}
