import { readFileSync, existsSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "../../..");

export type Json = { [key: string]: Json } | string | number | boolean | null | Json[];

export function localeFile(lang: string, ns: string): string {
  return path.join(ROOT, "locales", lang, `${ns}.json`);
}

export function readLocale(lang: string, ns: string): Record<string, Json> | null {
  const file = localeFile(lang, ns);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, Json>;
}

export function loadNamespaces(lang: string, namespaces: readonly string[]): Record<string, Record<string, Json>> {
  return Object.fromEntries(namespaces.map((ns) => [ns, readLocale(lang, ns) ?? {}]));
}

/** Leaf key paths (`a.b.c`) with their values. */
export function leaves(obj: Json, prefix = ""): Map<string, Json> {
  const out = new Map<string, Json>();
  if (obj !== null && typeof obj === "object" && !Array.isArray(obj)) {
    for (const [key, value] of Object.entries(obj)) {
      for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, obj);
  }
  return out;
}
