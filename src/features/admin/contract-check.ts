import type { AnyObjectSchema } from "yup";

/**
 * The first field error (a translation key) the shared contract of a write finds in its body before
 * it is sent, or null; the platform checks the same schema again (`validateWith`).
 */
export async function firstContractError(schema: AnyObjectSchema, body: unknown): Promise<string | null> {
  try {
    await schema.validate(body, { abortEarly: false });
    return null;
  } catch (error) {
    const failure = error as { name?: string; message?: string; inner?: { message: string }[] };
    if (failure?.name !== "ValidationError") throw error;
    return failure.inner?.[0]?.message ?? failure.message ?? null;
  }
}
