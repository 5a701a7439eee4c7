import { ROLES, type Role } from "@site-config";

export interface SeedUser {
  id: number;
  name: string;
  email: string | null;
  mobileNumber: string | null;
  /** Demo password, stored bcrypt-hashed. Public knowledge: never use the demo seed in production. */
  password: string;
  roles: Role[];
}

/** One user per global role, and a group founder; sign in with the email (or mobile number) and the password below. */
export const SEED_USERS: readonly SeedUser[] = [
  { id: 1, name: "Aarti Kulkarni", email: "admin@example.org", mobileNumber: null, password: "demo-admin-2026", roles: [ROLES.ADMIN, ROLES.USER] },
  { id: 2, name: "Tenzin Norbu", email: "templates@example.org", mobileNumber: null, password: "demo-templates-2026", roles: [ROLES.TEMPLATECURATOR, ROLES.USER] },
  { id: 3, name: "Meera Nair", email: "datacurator@example.org", mobileNumber: null, password: "demo-data-2026", roles: [ROLES.DATACURATOR, ROLES.USER] },
  { id: 4, name: "Imran Qureshi", email: "pages@example.org", mobileNumber: null, password: "demo-pages-2026", roles: [ROLES.PAGE_EDITOR, ROLES.USER] },
  { id: 5, name: "Lalthanpuii Ralte", email: "documents@example.org", mobileNumber: null, password: "demo-documents-2026", roles: [ROLES.DOCUMENT_CONTRIBUTOR, ROLES.USER] },
  { id: 6, name: "Kavita Bhil", email: "contributor@example.org", mobileNumber: null, password: "demo-contributor-2026", roles: [ROLES.EXTDATACONTRIBUTOR, ROLES.USER] },
  { id: 7, name: "Ramesh Oraon", email: "member@example.org", mobileNumber: "+919876500007", password: "demo-member-2026", roles: [ROLES.USER] },
  // Founder of the sacred-groves (open) and nagaland-community-forests (closed) groups: a per-group role, not a global one.
  { id: 8, name: "Group Founder", email: "founder@example.org", mobileNumber: null, password: "demo-founder-2026", roles: [ROLES.USER] },
];

export const SEED_USER_BY_ROLE = {
  admin: SEED_USERS[0]!,
  templateCurator: SEED_USERS[1]!,
  dataCurator: SEED_USERS[2]!,
  pageEditor: SEED_USERS[3]!,
  documentContributor: SEED_USERS[4]!,
  extDataContributor: SEED_USERS[5]!,
  user: SEED_USERS[6]!,
  groupFounder: SEED_USERS[7]!,
} as const;
