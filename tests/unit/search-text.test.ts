/**
 * Cross-script search, the text side (src/shared/search): what a searcher notices — a romanised query
 * finds Devanagari and back, Hindi spellings and inflections meet, one or two wrong letters are
 * tolerated — measured over tests/fixtures/search/bilingual-names.json.
 *
 * The fixture: real South Asian CCA names and terms, each with its Devanagari, its usual Latin spelling,
 * 2–4 informal romanisations people type and 1–2 keyboard typos of the Latin spelling. The typos were
 * made by a fixed rule, not picked: one edit at a letter other than the first, chosen by a hash of the id
 * among QWERTY-neighbour substitution (35 %), deletion (30 %), insertion (20 %) and transposition (15 %);
 * a name of fewer than 6 letters has one typo, a longer one two of different kinds.
 */
import { describe, expect, it } from "vitest";
import fixture from "../fixtures/search/bilingual-names.json";
import { fuzzyKeys, indexLexemes, normaliseHindi, phoneticKey, phoneticKeys, queryAlternatives, stemHindi, toLatin } from "@/shared/search";

interface Entry {
  id: string;
  hi: string;
  latin: string;
  romanisations: string[];
  misspellings: string[];
}
const entries = fixture as Entry[];

/** Whether every query word has an alternative that is a prefix of a stored lexeme (the tsquery's meaning). */
function matches(words: readonly (readonly string[])[], lexemes: readonly string[]): boolean {
  return words.length > 0 && words.every((alternatives) => alternatives.some((a) => lexemes.some((l) => l.startsWith(a))));
}
const finds = (query: string, stored: string) => matches(queryAlternatives(query), indexLexemes(stored));

/** pg_trgm's trigrams of a text: each word padded with two spaces before and one after. */
function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** pg_trgm's similarity: shared trigrams over all trigrams. */
function similarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  const union = x.size + y.size - shared;
  return union === 0 ? 0 : shared / union;
}

const share = (hits: number, total: number) => `${hits}/${total} = ${((100 * hits) / total).toFixed(hits / total < 0.01 ? 3 : 1)} %`;

describe("[SEARCH] Hindi text is normalised the way people write it", () => {
  it("drops the nukta, so a word typed with or without it is the same word", () => {
    expect(normaliseHindi("ज़मीन")).toBe("जमीन");
    expect(normaliseHindi("क़िला फ़सल")).toBe("किला फसल");
    expect(normaliseHindi("पहाड़ गढ़")).toBe(normaliseHindi("पहाड गढ"));
    expect(normaliseHindi("\u095B")).toBe("ज"); // precomposed ज़
  });

  it("writes chandrabindu as anusvara and a nasal + virama before a stop as anusvara", () => {
    expect(normaliseHindi("गाँव")).toBe("गांव");
    expect(normaliseHindi("माँ")).toBe("मां");
    expect(normaliseHindi("जङ्गल")).toBe("जंगल");
    expect(normaliseHindi("सन्त")).toBe("संत");
    expect(normaliseHindi("चम्पा")).toBe("चंपा");
    expect(normaliseHindi("ठण्डा")).toBe("ठंडा");
    // geminate and other clusters keep their spelling
    expect(normaliseHindi("अन्न जन्म अन्य कन्हैया")).toBe("अन्न जन्म अन्य कन्हैया");
  });

  it("removes ZWJ/ZWNJ, folds candra vowels and is idempotent; other scripts pass", () => {
    expect(normaliseHindi("क्\u200Dष")).toBe("क्ष");
    expect(normaliseHindi("क्\u200Cष")).toBe("क्ष");
    expect(normaliseHindi("कॉलेज")).toBe("कोलेज");
    expect(normaliseHindi("ऑफिस")).toBe("ओफिस");
    const once = normaliseHindi("ज़ङ्गलों में गाँव");
    expect(normaliseHindi(once)).toBe(once);
    expect(normaliseHindi("Mawphlang sacred grove")).toBe("Mawphlang sacred grove");
  });
});

describe("[SEARCH] Hindi plurals and oblique forms find the plain word", () => {
  it("strips the common noun endings", () => {
    expect(stemHindi("नदियों")).toBe("नदी");
    expect(stemHindi("नदियाँ")).toBe("नदी");
    expect(stemHindi("देवियां")).toBe("देवी");
    expect(stemHindi("जंगलों")).toBe("जंगल");
    expect(stemHindi("गांवों")).toBe("गांव");
    expect(stemHindi("माताओं")).toBe("माता");
    expect(stemHindi("माताएँ")).toBe("माता");
    expect(stemHindi("साधुओं")).toBe("साधु");
    expect(stemHindi("झीलें")).toBe("झील");
  });

  it("is conservative: short words and words without those endings stay", () => {
    for (const word of ["में", "हैं", "हों", "देवराई", "जंगल", "ओरण", "नदी", "माता", "करना"]) expect(stemHindi(word)).toBe(word);
    // the nukta stays (the phonetic key reads ड़ as r)
    expect(stemHindi("पहाड़ों")).toBe("पहाड़");
  });

  it("lets a plural in a query find the singular in a record and back", () => {
    expect(finds("नदियों", "नदी")).toBe(true);
    expect(finds("नदी", "पवित्र नदियाँ")).toBe(true);
    expect(finds("जंगलों", "जंगल")).toBe(true);
    expect(finds("jangal", "घने जंगलों में")).toBe(true);
  });
});

describe("[SEARCH] Devanagari is romanised the way Hindi speakers type", () => {
  it("deletes the inherent a where Hindi does not say it", () => {
    expect(toLatin("जंगल")).toBe("jangal");
    expect(toLatin("देवराई")).toBe("devrai");
    expect(toLatin("ओरण")).toBe("oran");
    expect(toLatin("सरना")).toBe("sarna");
    expect(toLatin("कमला")).toBe("kamla");
    expect(toLatin("समझना")).toBe("samajhna");
    expect(toLatin("राजस्थान")).toBe("rajasthan");
    expect(toLatin("बस्तर")).toBe("bastar");
    expect(toLatin("मित्र")).toBe("mitra");
    expect(toLatin("धर्म")).toBe("dharm");
    expect(toLatin("वन")).toBe("van");
    expect(toLatin("न")).toBe("na");
  });

  it("writes the informal spellings (long vowels single, ch, sh, ड़ r, ज्ञ gy, anusvara n or m)", () => {
    expect(toLatin("तालाब")).toBe("talab");
    expect(toLatin("पहाड़")).toBe("pahar");
    expect(toLatin("छत्तीसगढ़")).toBe("chhattisgarh");
    expect(toLatin("क्षेत्र")).toBe("kshetra");
    expect(toLatin("ज्ञान")).toBe("gyan");
    expect(toLatin("ऋषि")).toBe("rishi");
    expect(toLatin("ज़मीन")).toBe("zamin");
    expect(toLatin("चंपा")).toBe("champa");
    expect(toLatin("गाँव")).toBe("gaon");
    expect(toLatin("जयपुर")).toBe("jaipur");
    expect(toLatin("सिंह")).toBe("singh");
  });

  it("romanises only the Devanagari of a text", () => {
    expect(toLatin("वन पंचायत, 2024 (Uttarakhand) १२")).toBe("van panchayat, 2024 (Uttarakhand) 12");
    expect(toLatin("")).toBe("");
  });
});

describe("[SEARCH] one key for a word in either script", () => {
  it("gives Devanagari and its informal romanisations the same key", () => {
    const same = (...words: string[]) => expect(new Set(words.map(phoneticKey)).size, words.join(" / ")).toBe(1);
    same("देवराई", "devrai", "deorai", "devarai", "Devrai");
    same("ओरण", "oran", "orans", "oraan");
    same("जंगल", "jangal", "Jangal");
    same("पहाड़", "pahar");
    same("गाँव", "गांव", "gaon");
    same("चंपा", "champa", "chanpa", "चम्पा");
    same("केवलादेव", "Keoladeo", "kevladev");
    same("भुवनेश्वर", "Bhubaneswar", "bhuvaneshwar");
    same("रणथंभौर", "Ranthambore");
    same("मॉसिनराम", "Mawsynram", "mawsinram");
    same("maa", "ma");
    // the other readings of an ambiguous letter are keys too
    expect(phoneticKeys("पहाड़")).toContain(phoneticKey("pahad"));
    expect(phoneticKeys("गांव")).toContain(phoneticKey("gaanv"));
  });

  it("keeps unrelated words apart (precision over cleverness)", () => {
    expect(phoneticKey("jungle")).not.toBe(phoneticKey("jangal"));
    expect(phoneticKey("mata")).not.toBe(phoneticKey("nata"));
    expect(phoneticKey("nadi")).not.toBe(phoneticKey("nandi"));
    expect(phoneticKey("baba")).not.toBe(phoneticKey("ba"));
    expect(phoneticKey("devi")).not.toBe(phoneticKey("deva"));
  });

  it("is only [a-z0-9] and never empty for a word with letters or digits, in any script", () => {
    for (const word of ["जंगल", "Mawphlang", "Straße", "Café", "নদী", "ଓଡ଼ିଆ", "தமிழ்", "ಕನ್ನಡ", "Москва", "森林", "2024", "१२३", "ॐ", "ः"]) {
      const key = phoneticKey(word);
      if (/[\p{L}\p{N}]/u.test(word)) expect(key, word).toMatch(/^[a-z0-9]+$/);
    }
    expect(phoneticKey("নদী")).toBe(phoneticKey("नदी"));
    expect(phoneticKey("— !")).toBe("");
  });
});

describe("[SEARCH] stored lexemes and query alternatives", () => {
  it("stores each normalised word once (lower case, Latin accents removed, ≤ 60 characters) beside its key", () => {
    const lexemes = indexLexemes("Café CAFÉ café Sacred grove, जंगल!");
    expect(lexemes.filter((l) => l === "cafe")).toHaveLength(1);
    expect(lexemes).toEqual(expect.arrayContaining(["cafe", "sacred", "grove", "जंगल", phoneticKey("जंगल")]));
    expect(indexLexemes("x".repeat(100))[0]).toHaveLength(60);
    expect(indexLexemes("देवराई और जंगल")).toEqual(indexLexemes("देवराई और जंगल"));
    expect(indexLexemes("")).toEqual([]);
    // nukta and chandrabindu spellings store one word
    expect(indexLexemes("ज़मीन गाँव")).toEqual(indexLexemes("जमीन गांव"));
  });

  it("looks for at most 12 words, each once, ignoring punctuation and keeping digits", () => {
    const query = Array.from({ length: 20 }, (_, i) => `word${i}`).join(", ");
    expect(queryAlternatives(query)).toHaveLength(12);
    expect(queryAlternatives("sacred; grove!!! 2024 'oran' sacred").map((alternatives) => alternatives[0])).toEqual(["sacred", "grove", "2024", "oran"]);
    expect(queryAlternatives("2024")).toEqual([["2024"]]);
    expect(queryAlternatives(" ... ")).toEqual([]);
    for (const alternatives of queryAlternatives("d'Souza's \"jangal\" ज़मीन (oran)")) for (const a of alternatives) expect(a).toMatch(/^[\p{L}\p{M}\p{N}]+$/u);
  });

  it("answers a mixed-script query word by word, and splits a word where its script changes", () => {
    const words = queryAlternatives("jangal देवराई");
    expect(words).toHaveLength(2);
    expect(finds("jangal देवराई", "जंगल और Devrai")).toBe(true);
    expect(finds("jangal देवराई", "Jangal, Devarai")).toBe(true);
    expect(finds("jangal देवराई", "जंगल")).toBe(false);
    expect(queryAlternatives("jangalजंगल").map((alternatives) => alternatives[0])).toEqual(["jangal", "जंगल"]);
  });

  it("matches a word typed so far (prefix) in either script", () => {
    expect(finds("devr", "देवराई")).toBe(true);
    expect(finds("देवरा", "Devrai sacred grove")).toBe(true);
    expect(finds("mawphl", "मॉफ्लांग")).toBe(true);
  });

  it("never offers a one-letter key (it would match nearly everything)", () => {
    for (const alternatives of queryAlternatives("a b व ज 7")) for (const a of alternatives.slice(1)) expect(a.length).toBeGreaterThan(1);
  });

  it("gives fuzzy keys as words of [a-z0-9] joined by single spaces", () => {
    expect(fuzzyKeys("Sacred groves of  Mawphlang, मॉफ्लांग")).toMatch(/^[a-z0-9]+( [a-z0-9]+)*$/);
    expect(fuzzyKeys("")).toBe("");
    expect(similarity(fuzzyKeys("Mawphlong"), fuzzyKeys("Mawphlang"))).toBeGreaterThanOrEqual(0.3);
    expect(similarity(fuzzyKeys("Khonoma"), fuzzyKeys("खोनोमा"))).toBe(1);
  });
});

describe("[SEARCH] recall and precision over the bilingual names fixture", () => {
  it("holds at least 220 well-formed entries", () => {
    expect(entries.length).toBeGreaterThanOrEqual(220);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    for (const e of entries) {
      expect(e.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(e.hi, e.id).toMatch(/^[\u0900-\u097F ]+$/);
      expect(e.romanisations.length, e.id).toBeGreaterThanOrEqual(2);
      expect(e.romanisations.length, e.id).toBeLessThanOrEqual(4);
      expect(e.romanisations, e.id).toContain(e.latin.toLowerCase());
      for (const r of e.romanisations) expect(r, e.id).toBe(r.toLowerCase());
      expect(e.misspellings.length, e.id).toBeGreaterThanOrEqual(1);
      expect(e.misspellings.length, e.id).toBeLessThanOrEqual(2);
    }
  });

  it("finds a record indexed only in Devanagari by every romanisation, and one indexed only in Latin by the Devanagari", () => {
    let romanised = 0;
    let romanisedTotal = 0;
    let devanagari = 0;
    for (const e of entries) {
      for (const r of e.romanisations) {
        romanisedTotal++;
        if (finds(r, e.hi)) romanised++;
      }
      if (finds(e.hi, e.latin)) devanagari++;
    }
    console.log(`[search recall] romanisation → Devanagari record: ${share(romanised, romanisedTotal)}; Devanagari → Latin record: ${share(devanagari, entries.length)}`);
    expect(romanised / romanisedTotal).toBeGreaterThanOrEqual(0.95);
    expect(devanagari / entries.length).toBeGreaterThanOrEqual(0.95);
  });

  it("tolerates one or two wrong letters by trigram similarity of the fuzzy keys", () => {
    let close = 0;
    let closeToHindi = 0;
    let total = 0;
    for (const e of entries) {
      const latin = fuzzyKeys(e.latin);
      const hindi = fuzzyKeys(e.hi);
      for (const m of e.misspellings) {
        total++;
        const keys = fuzzyKeys(m);
        if (similarity(keys, latin) >= 0.3) close++;
        if (similarity(keys, hindi) >= 0.3) closeToHindi++;
      }
    }
    console.log(`[search recall] misspelling ~ Latin name (similarity ≥ 0.3): ${share(close, total)}; misspelling ~ Devanagari name: ${share(closeToHindi, total)}`);
    expect(close / total).toBeGreaterThanOrEqual(0.9);
  });

  it("keeps the keys of different names apart", () => {
    const keys = entries.map((e) => new Set([phoneticKey(e.hi), phoneticKey(e.latin)]));
    let pairs = 0;
    let same = 0;
    for (let i = 0; i < keys.length; i++) {
      for (let j = i + 1; j < keys.length; j++) {
        pairs++;
        if ([...(keys[i] as Set<string>)].some((k) => (keys[j] as Set<string>).has(k))) same++;
      }
    }
    const stored = entries.map((e) => indexLexemes(e.hi));
    const queries = entries.map((e) => queryAlternatives(e.latin));
    let wrong = 0;
    let tried = 0;
    stored.forEach((lexemes, a) =>
      queries.forEach((words, b) => {
        if (a === b) return;
        tried++;
        if (matches(words, lexemes)) wrong++;
      }),
    );
    console.log(`[search precision] distinct names sharing a full key: ${share(same, pairs)}; a name's Latin query finding another name's Devanagari record: ${share(wrong, tried)}`);
    expect(same / pairs).toBeLessThan(0.03);
  });
});
