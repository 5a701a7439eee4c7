import { ROLES } from "@site-config";

/** Anything carrying global roles: a decoded session user or a server auth context. */
export interface HasRoles {
  roles: readonly string[];
}

/**
 * The one access rule shared by screens and the server (spec §5):
 * a user passes if the allowed list contains ANY, or the user holds one of the listed roles.
 * ANY lets anonymous visitors through; use `requireUser`-style checks where sign-in is needed.
 */
export function hasAccess(allowed: readonly string[], user: HasRoles | null | undefined): boolean {
  if (allowed.includes(ROLES.ANY)) return true;
  if (!user) return false;
  return user.roles.some((role) => allowed.includes(role));
}
