/**
 * The one way the platform checks a request body against its contract (src/contracts/*.schema.ts): the
 * same yup schema the form uses; a failure is 400 VALIDATION_FAILED with one translation key per field
 * (`{message, code, fieldErrors}`). Rules a schema cannot express are pure functions the schema calls.
 */
import { MSG } from "@/contracts/auth.schema";
import { ValidationError, type AnySchema, type InferType } from "yup";
import { AppError } from "./app-error";

/** A translation key as the shared schemas write them (`form:required`, `auth:otp.invalid_format`, `key|{…}`). */
const KEY = /^[a-z_]+:[\w.]+(\|.*)?$/;

/** The translation key for a yup error whose schema gave no key of its own (defaults of number/oneOf rules). */
function keyOf(error: ValidationError): string {
  const message = error.message;
  if (KEY.test(message)) return message;
  const params = (error.params ?? {}) as Record<string, unknown>;
  switch (error.type) {
    case "typeError":
      return "form:invalid_number";
    case "min":
      return typeof params.min === "number" ? `form:min_value|${JSON.stringify({ min: params.min })}` : MSG.required;
    case "max":
      return typeof params.max === "number" ? `form:max_value|${JSON.stringify({ max: params.max })}` : MSG.required;
    default:
      return MSG.required;
  }
}

export function validationFailed(fieldErrors: Record<string, string>): AppError {
  const fields = Object.keys(fieldErrors).join(", ");
  return new AppError("VALIDATION_FAILED", `Some fields are not valid: ${fields}`, fieldErrors);
}

/**
 * Validates and normalises `input` with a shared yup schema (an object, or a list such as the pages-api tree
 * order); 400 VALIDATION_FAILED with one key per field otherwise.
 */
export async function validateWith<S extends AnySchema>(schema: S, input: unknown): Promise<InferType<S>> {
  try {
    return (await schema.validate(input, { abortEarly: false })) as InferType<S>;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fieldErrors: Record<string, string> = {};
    const inner = error.inner.length > 0 ? error.inner : [error];
    for (const item of inner) {
      const field = item.path || "form";
      fieldErrors[field] ??= keyOf(item);
    }
    throw validationFailed(fieldErrors);
  }
}

/** Several validations of one request reported together: runs every check and throws once with all fields. */
export async function collectFieldErrors(...checks: Array<() => Promise<unknown> | unknown>): Promise<void> {
  const fieldErrors: Record<string, string> = {};
  for (const check of checks) {
    try {
      await check();
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "VALIDATION_FAILED" || !error.fieldErrors) throw error;
      for (const [field, key] of Object.entries(error.fieldErrors)) fieldErrors[field] ??= key;
    }
  }
  if (Object.keys(fieldErrors).length > 0) throw validationFailed(fieldErrors);
}

/** A positive integer id from a form or JSON field (numbers or digit strings). */
export function fieldId(value: unknown, field: string): number {
  if (value === undefined || value === null || value === "") throw validationFailed({ [field]: MSG.required });
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2_147_483_647) {
    throw validationFailed({ [field]: "form:invalid_number" });
  }
  return Number(text);
}
