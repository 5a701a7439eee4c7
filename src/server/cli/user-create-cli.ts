/**
 * `npm run user:create -- --email E --password P --name N [--mobile +91…] [--role ROLE_X]...`
 * Creates a verified, unlocked user with ROLE_USER and the given roles on the configured database
 * (migrating a new one first). On the embedded database it refuses while the portal holds the folder.
 * Users made here do not count as content: the demo seed still loads on the first start.
 */
import { ROLES } from "@site-config";
import { isEmail, isMobile, NAME_MAX, PASSWORD_MIN } from "@/contracts/auth.schema";
import { hashPassword } from "../infra/auth/password";
import { withCliDatabase } from "./cli-database";
import { insertUser } from "../modules/accounts/user.repository";
import { PASSWORD_MAX_BYTES } from "../modules/accounts/password-length";
import { findUserIdByContact } from "./cli.repository";

export const USAGE =
  "Usage: npm run user:create -- --email E --password P --name N [--mobile +91…] [--role ROLE_X]...\n" +
  `Roles: ${Object.values(ROLES)
    .filter((r) => r !== ROLES.ANY)
    .join(", ")}`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

class UsageError extends Error {}

interface Options {
  email: string | null;
  mobile: string | null;
  password: string;
  name: string;
  roles: string[];
}

const ASSIGNABLE: readonly string[] = Object.values(ROLES).filter((r) => r !== ROLES.ANY);

function normaliseRole(raw: string): string {
  const upper = raw.trim().toUpperCase();
  const role = upper.startsWith("ROLE_") ? upper : `ROLE_${upper}`;
  if (!ASSIGNABLE.includes(role)) throw new UsageError(`Unknown role "${raw}". Roles: ${ASSIGNABLE.join(", ")}`);
  return role;
}

export function parseArgs(argv: readonly string[]): Options {
  const values: Record<string, string[]> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new UsageError(`Unexpected argument "${arg}"`);
    const name = match[1]!;
    if (!["email", "mobile", "password", "name", "role"].includes(name)) throw new UsageError(`Unknown option --${name}`);
    let value = match[2];
    if (value === undefined) {
      value = argv[i + 1];
      if (value === undefined || value.startsWith("--")) throw new UsageError(`--${name} needs a value`);
      i++;
    }
    (values[name] ??= []).push(value);
  }
  const single = (name: string): string | null => {
    const list = values[name];
    if (!list) return null;
    if (list.length > 1) throw new UsageError(`--${name} may be given once`);
    return list[0]!.trim();
  };

  const email = single("email")?.toLowerCase() || null;
  const mobile = single("mobile")?.replace(/[\s-]/g, "") || null;
  const password = values.password?.[0] ?? "";
  const name = single("name") ?? "";
  if (!email && !mobile) throw new UsageError("--email (or --mobile) is required");
  if (email && !isEmail(email)) throw new UsageError(`"${email}" is not an e-mail address`);
  if (mobile && !isMobile(mobile)) throw new UsageError(`"${mobile}" is not a mobile number in international form (e.g. +919876543210)`);
  if (!name) throw new UsageError("--name is required");
  if (name.length > NAME_MAX) throw new UsageError(`--name may have at most ${NAME_MAX} characters`);
  if (!values.password) throw new UsageError("--password is required");
  if (values.password.length > 1) throw new UsageError("--password may be given once");
  if (password.length < PASSWORD_MIN) throw new UsageError(`The password needs at least ${PASSWORD_MIN} characters`);
  if (Buffer.byteLength(password) > PASSWORD_MAX_BYTES) throw new UsageError(`The password may have at most ${PASSWORD_MAX_BYTES} bytes`);
  const roles = [ROLES.USER as string];
  for (const raw of values.role ?? []) {
    const role = normaliseRole(raw);
    if (!roles.includes(role)) roles.push(role);
  }
  return { email, mobile, password, name, roles };
}

/** Runs the command; resolves with the process exit code. */
export async function runUserCreate(argv: readonly string[], io: CliIo = { out: console.log, err: console.error }): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.out(USAGE);
    return 0;
  }
  let options: Options;
  try {
    options = parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n${USAGE}`);
      return 1;
    }
    throw error;
  }

  return withCliDatabase(io.err, async (db) => {
    const existing = await findUserIdByContact(db, options.email, options.mobile);
    if (existing !== null) {
      io.err(`A user with ${[options.email, options.mobile].filter(Boolean).join(" or ")} exists already (id ${existing}). Nothing was changed.`);
      return 1;
    }
    const id = await insertUser(db, {
      name: options.name,
      email: options.email,
      mobileNumber: options.mobile,
      passwordHash: await hashPassword(options.password),
      roles: options.roles,
      accountLocked: false,
      emailValidated: options.email !== null,
      mobileValidated: options.mobile !== null,
    });
    io.out(`Created user ${id} (${options.email ?? options.mobile}) with roles ${options.roles.join(", ")}.`);
    return 0;
  });
}
