import type { Role } from "@site-config";

/** The signed-in user as decoded from the access token (BAToken). */
export interface SessionUser {
  id: number;
  name: string;
  roles: Role[];
  /** Expiry, seconds since epoch. */
  exp: number;
}
