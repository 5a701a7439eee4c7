import bcrypt from "bcryptjs";

/** bcrypt work factor for new hashes; hashes made with another cost stay valid. */
export const BCRYPT_COST = 10;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/** False for a wrong password, a missing hash or a hash that is not bcrypt. */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

/** A hash made with a lower cost than today's is upgraded at the next successful sign-in. */
export function needsRehash(hash: string): boolean {
  try {
    return bcrypt.getRounds(hash) < BCRYPT_COST;
  } catch {
    return false;
  }
}
