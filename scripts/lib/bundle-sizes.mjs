// Sizes of the built client JavaScript, read from `.next` on disk: first-load chunks per route
// (build-manifest.json) and, through the browser source maps (`productionBrowserSourceMaps`), which
// modules fill a chunk. Used by `npm run bench`; no dependency beyond Node.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BASE64_VALUE = new Map([...BASE64].map((c, i) => [c, i]));

/** The fields of one source-map segment (base64 VLQ, each relative to the previous one). */
function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64_VALUE.get(char);
    if (digit === undefined) throw new Error(`bad source-map character ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * Adds to `bytes` (source → generated characters) the characters of `lines` that a plain
 * source map attributes to each source, from `start` ({line, column}) up to `end`.
 */
function attribute(map, lines, start, end, bytes) {
  const mappingLines = map.mappings.split(";");
  let sourceIndex = 0;
  const take = (source, line, from, to) => {
    const text = lines[line] ?? "";
    const a = Math.max(0, line === start.line ? Math.max(from, start.column) : from);
    const stop = line === end.line ? Math.min(to, end.column) : to;
    const b = Math.min(text.length, stop);
    if (b > a) bytes.set(source, (bytes.get(source) ?? 0) + (b - a));
  };
  for (let i = 0; i < mappingLines.length; i++) {
    const line = start.line + i;
    if (line > end.line) break;
    const columnBase = i === 0 ? start.column : 0;
    let column = 0;
    let previous = null;
    for (const segmentText of mappingLines[i].split(",")) {
      if (!segmentText) continue;
      const fields = decodeSegment(segmentText);
      column += fields[0];
      if (fields.length >= 4) sourceIndex += fields[1];
      const source = fields.length >= 4 ? (map.sources[sourceIndex] ?? "(unmapped)") : "(unmapped)";
      if (previous) take(previous.source, line, columnBase + previous.column, columnBase + column);
      previous = { source, column };
    }
    if (previous) take(previous.source, line, columnBase + previous.column, Number.MAX_SAFE_INTEGER);
  }
}

/** Characters of a chunk per original source, or null when the chunk has no source map. */
export function sourceSizes(chunkPath) {
  const code = fs.readFileSync(chunkPath, "utf8");
  const url = code.match(/\/\/# sourceMappingURL=(\S+)\s*$/)?.[1];
  const mapPath = url ? path.join(path.dirname(chunkPath), url) : `${chunkPath}.map`;
  if (!fs.existsSync(mapPath)) return null;
  const map = JSON.parse(fs.readFileSync(mapPath, "utf8"));
  const lines = code.split("\n");
  const bytes = new Map();
  const END = { line: Number.MAX_SAFE_INTEGER, column: Number.MAX_SAFE_INTEGER };
  if (map.sections) {
    map.sections.forEach((section, i) => attribute(section.map, lines, section.offset, map.sections[i + 1]?.offset ?? END, bytes));
  } else {
    attribute(map, lines, { line: 0, column: 0 }, END, bytes);
  }
  return bytes;
}

/** "node_modules/@chakra-ui/react/dist/esm/x.js" → "@chakra-ui/react"; app files keep their path under src/. */
export function moduleLabel(source) {
  const clean = source.replace(/^turbopack:\/\/\/(\[project\]\/)?/, "").replace(/\?.*$/, "");
  const inModules = clean.lastIndexOf("node_modules/");
  if (inModules >= 0) {
    const parts = clean.slice(inModules + "node_modules/".length).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (clean.startsWith("[turbopack]") || clean.startsWith("(")) return "(turbopack runtime)";
  return clean;
}

/** The built app's chunk lists: `shared` (every page, from _app) and each route's own. */
export function readBuildManifest(root) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, ".next/build-manifest.json"), "utf8"));
  const shared = manifest.pages["/_app"] ?? [];
  return { shared, pages: manifest.pages };
}

const gzipCache = new Map();
/** Gzip size (bytes) of a file under `.next`, at the default level as a web server would send it. */
export function gzipSize(root, file) {
  const full = path.join(root, ".next", file);
  if (!gzipCache.has(full)) gzipCache.set(full, gzipSync(fs.readFileSync(full)).length);
  return gzipCache.get(full);
}

/**
 * The largest modules (by package or app file) of `chunks`, in gzip bytes: each chunk's gzip size
 * shared out over its sources in proportion to their minified characters (an estimate; gzip has no
 * exact per-module size). Returns null when the build has no browser source maps.
 */
export function largestModules(root, chunks, { byFile = false } = {}) {
  const totals = new Map();
  let mapped = false;
  for (const chunk of chunks) {
    const sizes = sourceSizes(path.join(root, ".next", chunk));
    const gzip = gzipSize(root, chunk);
    if (!sizes) {
      const label = `(no source map) ${path.basename(chunk)}`;
      totals.set(label, (totals.get(label) ?? 0) + gzip);
      continue;
    }
    mapped = true;
    const characters = [...sizes.values()].reduce((a, b) => a + b, 0) || 1;
    for (const [source, count] of sizes) {
      const label = byFile ? source.replace(/^turbopack:\/\/\/(\[project\]\/)?/, "") : moduleLabel(source);
      totals.set(label, (totals.get(label) ?? 0) + (gzip * count) / characters);
    }
  }
  if (!mapped) return null;
  return [...totals.entries()].map(([name, gzip]) => ({ name, gzip })).sort((a, b) => b.gzip - a.gzip);
}

const GROUPS = [
  ["react + next", /^(react|react-dom|scheduler|next|@swc\/helpers|\(turbopack runtime\)|\(unmapped\)|\[next\].*)$/],
  ["chakra + emotion", /^(@chakra-ui|@ark-ui|@zag-js|@emotion|@pandacss|stylis|react-is|hoist-non-react-statics|proxy-compare|@floating-ui)/],
  ["next-translate", /^next-translate$/],
  ["app", /^(src\/|site-config)/],
];

/** Where a module label (from `largestModules`) comes from: the framework, the UI kit, i18n, the app, or another library. */
export function moduleGroup(label) {
  return GROUPS.find(([, pattern]) => pattern.test(label))?.[0] ?? "other libraries";
}
