/**
 * The phonetic key of a Latin-letter word (pure): a skeleton on which the common informal spellings of a
 * South Asian word meet, and on which a Devanagari word meets them once it is romanised (devanagari.ts).
 *
 * The steps, in order (the key holds only [a-z0-9]):
 * 1. letters without accents, lower case (ß ss, æ ae, ø o, ł l …); anything else dropped;
 * 2. an English plural "s" dropped from a word of 5+ letters ("orans" = "oran", "groves" = "grove";
 *    not after another "s": "grass");
 * 3. spelling habits: "rh" closing a syllable = "r" (garh, Abujhmarh; "Sarhan" keeps its h); "eo" = "ev"
 *    (deorai, Mahadeo, Keoladeo); "aw" closing a syllable = "o" (Maw-, Law, Dawki: Khasi, and Hindi ॉ);
 *    "y" after a consonant before a vowel = "i" and "iy" + vowel = "i" (Bugyal/Bugiyal, Bhotiya/Bhotia,
 *    Munsyari/Munsiyari); "y" not before a vowel = "i" (Mawsynram, Ooty);
 * 4. aspiration dropped and look-alikes merged: kh k, gh g, ch/chh/cch c, jh j, th t, dh d, ph f, bh b,
 *    sh s, zh j (Kozhikode = कोझिकोड); c q k; x ks; z j; w v; long vowels single (aa a, ee ii i, oo uu u);
 *    ai, aai, ay y (Jaipur = Jaypur = जयपुर, Raika = Rayka); au, aau, ou o;
 * 5. doubled letters collapsed (Cherrapunji, Kullu);
 * 6. a final plain "e" after a consonant dropped in words of 3+ sounds (English "Ranthambore" = रणथंभौर,
 *    "Pune" = पुणे, Hindi oblique "ladke" = "ladka");
 * 7. every "a" dropped except at the start, then doubled letters collapsed again: long and short a are
 *    spelt both ways and Hindi deletes the inherent a unpredictably ("devarai" = "devrai", "kamala" =
 *    "kamla", "devaban" = "devban", but "nandi" is not "nadi"); kept once when the key would otherwise be one letter ("maa" = "ma");
 * 8. n before p, b, f, m = m (anusvara: champa = chanpa = चंपा); v = b last (Bengali and Odia write b for
 *    व: Bhubaneswar = भुवनेश्वर, Deb, Bonbibi), so "vanvasi" keeps its n.
 *
 * Trade-offs: the vowels e, i, o, u stay, so "jangal" (jngl) and "jungle" (jungl), "Salem" and "सेलम",
 * "Oraon" and "उरांव" do not meet, nor does a word written as one in one script and two in the other
 * (तमिलनाडु, "Tamil Nadu"); trigram similarity of the fuzzy keys is there for those. Keys are for
 * matching, not for reading.
 */

const LABIALS = new Set(["p", "b", "f", "m"]);
const VOWELS = new Set(["a", "e", "i", "o", "u"]);

/** Multi-letter spellings, longest first, and what they become. */
const DIGRAPHS: ReadonlyArray<readonly [string, string]> = [
  ["cchh", "c"],
  ["cch", "c"],
  ["chh", "c"],
  ["ch", "c"],
  ["sh", "s"],
  ["kh", "k"],
  ["gh", "g"],
  ["jh", "j"],
  ["th", "t"],
  ["dh", "d"],
  ["ph", "f"],
  ["bh", "b"],
  ["zh", "j"],
  ["aai", "y"],
  ["aau", "o"],
  ["aa", "a"],
  ["ai", "y"],
  ["au", "o"],
  ["ee", "i"],
  ["ii", "i"],
  ["oo", "u"],
  ["ou", "o"],
  ["uu", "u"],
];
const SINGLE: Record<string, string> = { c: "k", q: "k", z: "j", w: "v" };
const SPECIAL_LETTERS: Record<string, string> = { ß: "ss", æ: "ae", ø: "o", œ: "oe", ł: "l", đ: "d", þ: "th", ı: "i", ð: "d" };

/** The word's letters as lower-case ASCII ("" when it has none). */
export function asciiLetters(word: string): string {
  return word
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæøœłđþıð]/g, (ch) => SPECIAL_LETTERS[ch] ?? ch)
    .replace(/[^a-z0-9]/g, "");
}

function tokens(word: string): string[] {
  const out: string[] = [];
  let i = 0;
  outer: while (i < word.length) {
    for (const [spelling, sound] of DIGRAPHS) {
      if (word.startsWith(spelling, i)) {
        out.push(sound);
        i += spelling.length;
        continue outer;
      }
    }
    const ch = word[i] as string;
    if (ch === "x") out.push("k", "s");
    else out.push(SINGLE[ch] ?? ch);
    i++;
  }
  return out;
}

const isConsonant = (t: string | undefined) => t !== undefined && !VOWELS.has(t) && !/[0-9]/.test(t);

/** Neighbours that are the same sound once, keeping the first (nasals too unless `keepNasals`); digits are never sounds ("33" stays 33). */
const collapse = (sounds: readonly string[], keepNasals = false) =>
  sounds.filter((sound, i) => sound !== sounds[i - 1] || /[0-9]/.test(sound) || (keepNasals && (sound === "n" || sound === "m")));

/**
 * The phonetic key of a word written in Latin letters ("" when it has no Latin letter or digit). With
 * `keepA` the "a"s stay (the fuzzy key of `fuzzyKeys`: longer, so one wrong letter costs fewer trigrams).
 */
export function latinKey(word: string, keepA = false): string {
  let s = asciiLetters(word);
  if (s.length >= 5 && s.endsWith("s") && !s.endsWith("ss")) s = s.slice(0, -1);
  s = s
    .replace(/rh(?![aeiou])/g, "r")
    .replace(/eo/g, "ev")
    .replace(/aw(?![aeiou])/g, "o")
    .replace(/([^aeiouy])y(?=[aeiou])/g, "$1i")
    .replace(/y(?![aeiou])/g, "i")
    .replace(/iy(?=[aeiou])/g, "i");
  let t = collapse(tokens(s));
  if (t.length >= 3 && t.at(-1) === "e" && isConsonant(t.at(-2))) t = t.slice(0, -1);
  if (!keepA) {
    const firstA = t.indexOf("a", 1);
    // Letters an "a" kept apart meet again: collapsed, except nasals ("nandi" is not "nadi").
    const withoutA = collapse(
      t.filter((sound, i) => sound !== "a" || i === 0),
      true,
    );
    t = withoutA.length >= 2 || firstA < 0 ? withoutA : collapse([...t.slice(0, firstA + 1), ...t.slice(firstA + 1).filter((sound) => sound !== "a")], true);
  }
  // n before p, b, f, m is m (anusvara: champa/chanpa); v (and w) is b only now, so वन्य, vanvasi keep their n.
  return t.map((sound, i) => (sound === "n" && LABIALS.has(t[i + 1] ?? "") ? "m" : sound === "v" ? "b" : sound)).join("");
}
