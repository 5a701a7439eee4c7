import SITE_CONFIG from "@site-config";
import { FORM_ERRORS, wholeNumberError, wholeNumberRangeError } from "@/contracts/field-errors";
import { AppError } from "./app-error";
import type { QueryValue } from "./types";

const MAX_ID = 2_147_483_647; // ids are PostgreSQL integers

/** The first value of a query parameter; absent and empty both give undefined. */
export function queryValue(query: Record<string, QueryValue>, name: string): string | undefined {
  const raw = query[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value === undefined || value === "" ? undefined : value;
}

export function parseId(value: string | undefined, name: string): number {
  if (value === undefined) throw new AppError("BAD_REQUEST", `${name} is required`, { [name]: FORM_ERRORS.required });
  if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > MAX_ID) {
    throw new AppError("BAD_REQUEST", `${name} must be a positive whole number (got "${value}")`, {
      [name]: wholeNumberError(1),
    });
  }
  return Number(value);
}

export function parseOptionalId(value: string | undefined, name: string): number | null {
  return value === undefined ? null : parseId(value, name);
}

const LANGUAGE_IDS: readonly number[] = SITE_CONFIG.LANG.LIST.map((l) => l.id);
const LANGUAGE_HINT = SITE_CONFIG.LANG.LIST.map((l) => `${l.id} (${l.code})`).join(" or ");

/** A language id of the site (205 en, 206 hi); `fallback` when absent. */
export function parseLanguageId(value: string | undefined, fallback: number = SITE_CONFIG.LANG.DEFAULT_ID): number {
  if (value === undefined) return fallback;
  const id = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!LANGUAGE_IDS.includes(id)) {
    throw new AppError("BAD_REQUEST", `languageId must be ${LANGUAGE_HINT} (got "${value}")`, {
      languageId: FORM_ERRORS.language,
    });
  }
  return id;
}

/** A language id of the site, or null when absent or empty (the caller's own default applies). */
export function parseOptionalLanguageId(value: string | undefined): number | null {
  return value === undefined || value === "" ? null : parseLanguageId(value);
}

/** One of `allowed`; `fallback` when absent. */
export function parseChoice<T extends string>(value: string | undefined, name: string, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new AppError("BAD_REQUEST", `${name} must be one of ${allowed.join(", ")} (got "${value}")`, {
      [name]: FORM_ERRORS.invalid,
    });
  }
  return value as T;
}

/** A whole number from 0 to `max` (offset, limit); `fallback` when absent. */
export function parseCount(value: string | undefined, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 0 && n <= max)) throw new AppError("BAD_REQUEST", `${name} must be a whole number from 0 to ${max}`, { [name]: wholeNumberRangeError(0, max) });
  return n;
}

/** "true" or "false"; `fallback` when absent. */
export function parseBoolean(value: string | undefined, name: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (value === "true" || value === "false") return value === "true";
  throw new AppError("BAD_REQUEST", `${name} must be true or false (got "${value}")`, { [name]: FORM_ERRORS.boolean });
}
