import { validationFailed } from "../../infra/http/validate";

/** bcrypt uses the first 72 bytes only: longer passwords are refused rather than silently cut. */
export const PASSWORD_MAX_BYTES = 72;

export function checkPasswordLength(password: string, field: string): void {
  if (Buffer.byteLength(password, "utf8") > PASSWORD_MAX_BYTES) {
    throw validationFailed({ [field]: `form:max_length|${JSON.stringify({ max: PASSWORD_MAX_BYTES })}` });
  }
}
