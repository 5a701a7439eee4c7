/**
 * The one convention for field errors, in the forms (yup messages) and in every platform service
 * (`fieldErrors` of a 400 answer): a translation key `namespace:key`, with interpolation values
 * appended as `key|{"max":200}` (see `parseMessage`). The forms translate them; API clients read the
 * English `message` of the answer. Keys used by more than one form live in the `form` namespace.
 */

/** A field error as it travels: `namespace:key` or `namespace:key|{json values}`. */
export type FieldErrorKey = `${string}:${string}`;

export const FORM_ERRORS = {
  required: "form:required",
  invalid: "form:invalid",
  number: "form:invalid_number",
  boolean: "form:boolean",
  language: "form:language",
  file: "form:invalid_file",
  unknownRole: "form:unknown_role",
} as const;

function withValues<K extends string>(key: K, values: Record<string, number>): `${K}|${string}` {
  return `${key}|${JSON.stringify(values)}`;
}

/** "Enter at most {{max}} characters". */
export const maxLengthError = (max: number) => withValues("form:max_length", { max });
/** "Enter a whole number of {{min}} or more". */
export const wholeNumberError = (min: number) => withValues("form:whole_number", { min });
/** "Enter a whole number from {{min}} to {{max}}". */
export const wholeNumberRangeError = (min: number, max: number) => withValues("form:whole_number_range", { min, max });

/** Whether `value` follows the convention (a key, possibly with values), rather than a sentence. */
export function isFieldErrorKey(value: string): value is FieldErrorKey {
  return /^[a-z_]+:[\w.]+(\|\{.*\})?$/.test(value);
}
