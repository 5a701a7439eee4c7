import { ROLES } from "@site-config";
import { AppError } from "../../infra/http/app-error";
import { optionalUser, requireUser } from "../../infra/http/auth-context";
import type { RequestContext } from "../../infra/http/types";
import { findUserById, type UserRow } from "./user.repository";

export interface Account {
  id: number;
  /** Roles as stored now (a token may be up to an access-token lifetime old). */
  roles: string[];
  isAdmin: boolean;
  row: UserRow;
}

/**
 * The signed-in caller as the database knows them: a verified token whose account still exists and
 * may sign in. Account administration decides on the stored roles, so a revoked role stops working at
 * once rather than when the token expires.
 */
export async function requireAccount(ctx: RequestContext): Promise<Account> {
  const user = await requireUser(ctx);
  const row = await findUserById(ctx.deps.db, user.id);
  if (!row || row.is_deleted || !row.enabled || row.account_locked) {
    throw new AppError("UNAUTHORIZED", "This account can no longer sign in");
  }
  return { id: row.id, roles: row.roles, isAdmin: row.roles.includes(ROLES.ADMIN), row };
}

/** The caller when a valid token of a usable account is sent, else null (anonymous). */
export async function optionalAccount(ctx: RequestContext): Promise<Account | null> {
  const user = await optionalUser(ctx);
  if (!user) return null;
  const row = await findUserById(ctx.deps.db, user.id);
  if (!row || row.is_deleted || !row.enabled || row.account_locked) return null;
  return { id: row.id, roles: row.roles, isAdmin: row.roles.includes(ROLES.ADMIN), row };
}

export async function requireAdminAccount(ctx: RequestContext): Promise<Account> {
  const account = await requireAccount(ctx);
  if (!account.isAdmin) throw new AppError("FORBIDDEN", "Only an administrator may do this");
  return account;
}

/** The caller's address for throttling ("unknown" when the request did not say). */
export function clientAddress(ctx: RequestContext): string {
  return ctx.request.clientAddress?.trim() || "unknown";
}
