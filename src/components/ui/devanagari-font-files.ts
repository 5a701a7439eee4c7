import { createHash } from "crypto";
import { readFileSync } from "fs";
import path from "path";
import { DEVANAGARI_FONT_FAMILY } from "./devanagari-font";

/**
 * Server only: the Devanagari web font's files (from @fontsource/noto-sans-devanagari, its devanagari
 * subset, woff2) and their @font-face rules, which the long-cached static stylesheet carries
 * (static-stylesheet.tsx) and `api/fonts/[file].ts` serves. Two weights: 400 for text, 700 for what
 * is bold (the browser takes 700 for Chakra's semibold 600 headings, 400 for 500), ~50 kB each.
 * Files are named after their content, so they are cached for a year.
 */
export const DEVANAGARI_FONT_WEIGHTS = [400, 700] as const;

/**
 * Devanagari, its extensions and the joiners and dotted circle its shaping uses (the subset's own
 * range without the currency signs, so a price on an English page does not fetch the font).
 */
export const DEVANAGARI_UNICODE_RANGE = "U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+25CC, U+A830-A839, U+A8E0-A8FF";

export const FONT_FILES_PATH = "/api/fonts/";

export interface FontFile {
  weight: number;
  /** Address-safe name: `noto-sans-devanagari-{weight}.{hash}.woff2`. */
  name: string;
  data: Buffer;
}

let memo: FontFile[] | null = null;

export function devanagariFontFiles(): FontFile[] {
  if (memo) return memo;
  // The app runs from its root (npm start, next start); the package is a plain node_modules folder.
  const dir = path.join(process.cwd(), "node_modules", "@fontsource", "noto-sans-devanagari", "files");
  memo = DEVANAGARI_FONT_WEIGHTS.map((weight) => {
    const data = readFileSync(path.join(dir, `noto-sans-devanagari-devanagari-${weight}-normal.woff2`));
    const hash = createHash("sha256").update(data).digest("hex").slice(0, 12);
    return { weight, name: `noto-sans-devanagari-${weight}.${hash}.woff2`, data };
  });
  return memo;
}

/** The @font-face rules of the static stylesheet. */
export function devanagariFontCss(): string {
  return devanagariFontFiles()
    .map(
      (file) =>
        `@font-face { font-family: "${DEVANAGARI_FONT_FAMILY}"; font-style: normal; font-weight: ${file.weight}; font-display: swap; ` +
        `src: url(${FONT_FILES_PATH}${file.name}) format("woff2"); unicode-range: ${DEVANAGARI_UNICODE_RANGE}; }`,
    )
    .join("\n");
}
