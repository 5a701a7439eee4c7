import { expect } from "vitest";
import { AppError } from "@/server/infra/http/app-error";

/** The AppError a server call is refused with (fails the test when it resolves or throws something else). */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
