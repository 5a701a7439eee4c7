import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const JWT_SECRET_FILE = "jwt-secret";

/**
 * The HS256 secret: JWT_SECRET when configured, else a random secret generated once and kept in
 * `${dataDir}/jwt-secret` (mode 600) so tokens survive restarts.
 */
export function loadJwtSecret(options: { jwtSecret: string | null; dataDir: string }): Uint8Array {
  if (options.jwtSecret) return new TextEncoder().encode(options.jwtSecret);

  const file = path.join(path.resolve(options.dataDir), JWT_SECRET_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; delete it to generate a new one.`);
  return new TextEncoder().encode(secret);
}
