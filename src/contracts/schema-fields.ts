/**
 * Pieces the contracts' yup schemas share for request bodies, where JSON clients send what forms never do
 * (ids as digit strings, values of the wrong type): read exactly as the platform always has.
 */
import * as yup from "yup";

/** Largest id or position a body may carry (a Postgres integer). */
export const MAX_ID = 2_147_483_647;

/** A whole number from `min` to 2³¹−1, as a number or a string of up to 10 digits; undefined otherwise. */
export function readWholeNumber(raw: unknown, min: number): number | undefined {
  const n = typeof raw === "number" ? raw : typeof raw === "string" && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= min && n <= MAX_ID ? n : undefined;
}

/**
 * A field a pure function reads: `read` answers the normalised value, or undefined when the input is not
 * valid (then `message` is the field's error); null is a valid "none". Absent fields are read as `read(undefined)`.
 */
export function readWith<T extends object | number | string>(read: (raw: unknown) => T | null | undefined, message: string) {
  return yup
    .mixed<T>()
    .nullable()
    .transform((_, raw: unknown) => {
      const value = read(raw);
      return value === undefined ? raw : value;
    })
    .default(() => read(undefined))
    .test("read", message, function () {
      return read(this.originalValue) !== undefined;
    }) as unknown as yup.MixedSchema<T | null, yup.AnyObject, undefined, "">;
}
