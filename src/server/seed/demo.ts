/**
 * The demo scenario: groups with logos, main-site and group page trees in English and Hindi, a page
 * gallery, home galleries of the site and a microsite (demo-homes.ts) and one user per global role. Loaded into a never-seeded database at start (see
 * seed-when-due.ts) and reused by tests as fixtures.
 */
import bcrypt from "bcryptjs";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import { hostnameOf } from "@/shared/hostname";
import { languageIdFor } from "@site-config";
import type { Db, Queryable } from "../infra/db/db";
import type { FileStore } from "../infra/files/file-store";
import { findDomainOwner, insertGroup } from "../modules/groups/group.repository";
import { insertMember } from "../modules/groups/group-membership.repository";
import { insertGalleryItem, insertPage, saveGalleryCaption, syncIdSequence, upsertPageTranslation } from "../modules/pages/page.repository";
import { GALLERY_BANNERS, PAGE_ILLUSTRATIONS, groupLogoSvg } from "./demo-images";
import { SEED_GROUPS, SEED_MEMBERSHIPS, demoDomainOf, logoPathOf } from "./demo-groups";
import { SEED_GALLERY, SEED_PAGES } from "./demo-pages";
import { SEED_USER_BY_ROLE, SEED_USERS } from "./demo-users";
import { DEMO_TEMPLATES_MARKER, insertDemoTemplates } from "./demo-templates";
import { insertDemoRecords, writeDemoRecordImages } from "./demo-records-seed";
import { seedDemoDocumentsWhenMissing } from "./demo-documents";
import { seedDemoLabelsWhenMissing } from "./demo-labels";
import { seedDemoHomesWhenMissing, writeDemoHomePictures } from "./demo-homes";
import { insertDemoLayers } from "./demo-layers-seed";
import { UPLOAD_MAX_PIXELS } from "../infra/files/image-limits";

export { SEED_USERS, SEED_USER_BY_ROLE, type SeedUser } from "./demo-users";
export { SEED_GROUPS, SEED_MEMBERSHIPS, demoDomainOf, type SeedGroup, type SeedMembership } from "./demo-groups";
export { SEED_PAGES, SEED_PAGE_IDS, SEED_GALLERY, type SeedPage } from "./demo-pages";
export { SEED_TEMPLATES, type SeedTemplate } from "./demo-templates";
export { DEMO_RECORDS, type DemoRecord } from "./demo-records";
export { DEMO_RECORDS_MARKER, seedDemoRecordsWhenMissing } from "./demo-records-seed";
export { DEMO_DOCUMENTS, DEMO_DOCUMENTS_MARKER, seedDemoDocumentsWhenMissing } from "./demo-documents";
export { DEMO_GROUP_HOME, DEMO_HOMES_MARKER, DEMO_SITE_SLIDES, homePicture, seedDemoHomesWhenMissing } from "./demo-homes";

/** platform_meta key whose presence means the demo scenario was loaded. */
export const DEMO_SEED_MARKER = "seed.demo";

const HINDI = 206;

/** Writes `key` unless the store has it (`data` is made only when needed). */
export async function writeIfMissing(store: FileStore, key: string, data: string | Buffer | (() => Promise<Buffer>)): Promise<void> {
  if (await store.stat(key)) return;
  await store.put(key, typeof data === "function" ? await data() : data);
}

/** Writes the group logos and page images into the files store (existing files are kept). */
export async function writeDemoFiles(store: FileStore): Promise<void> {
  for (const group of SEED_GROUPS) {
    await writeIfMissing(store, `userGroups${logoPathOf(group.slug)}`, groupLogoSvg(group.name, group.color, group.motif));
  }
  for (const [name, svg] of Object.entries(PAGE_ILLUSTRATIONS)) {
    await writeIfMissing(store, `pages/seed/${name}`, svg);
  }
  const { default: sharp } = await import("sharp");
  for (const [name, svg] of Object.entries(GALLERY_BANNERS)) {
    await writeIfMissing(store, `pages/seed/gallery/${name}`, () => sharp(Buffer.from(svg), { limitInputPixels: UPLOAD_MAX_PIXELS }).jpeg({ quality: 80 }).toBuffer());
  }
  await writeDemoRecordImages(store);
  await writeDemoHomePictures(store);
}

/**
 * Inserts the demo users and returns seed id → stored id. Users made earlier (e.g. an admin created
 * from a shell) are kept: a demo user whose e-mail or mobile number is taken is not added, and one
 * whose id is taken gets a fresh id.
 */
async function insertDemoUsers(tx: Queryable, passwordHashes: string[]): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (const [i, user] of SEED_USERS.entries()) {
    const existing = await tx.maybeOne<{ id: number }>(
      "select id from app_user where lower(email) = lower($1::text) or mobile_number = $2::text",
      [user.email, user.mobileNumber],
    );
    if (existing) {
      ids.set(user.id, existing.id);
      continue;
    }
    const idTaken = await tx.maybeOne("select 1 as taken from app_user where id = $1", [user.id]);
    if (idTaken) await syncIdSequence(tx, "app_user");
    const { id } = await tx.one<{ id: number }>(
      `insert into app_user (id, name, email, mobile_number, password_hash, roles, email_validated, mobile_validated)
       values (coalesce($1::integer, nextval(pg_get_serial_sequence('app_user', 'id'))::integer), $2, $3, $4, $5, $6,
               $3::text is not null, $4::text is not null)
       returning id`,
      [idTaken ? null : user.id, user.name, user.email, user.mobileNumber, passwordHashes[i]!, user.roles],
    );
    ids.set(user.id, id);
  }
  return ids;
}

async function insertDemoRows(tx: Queryable, passwordHashes: string[], siteUrl: string): Promise<void> {
  const userIds = await insertDemoUsers(tx, passwordHashes);
  // Seed ids of users that do not exist (a removed author) stay as they are.
  const userId = (seedId: number | null) => (seedId === null ? null : (userIds.get(seedId) ?? seedId));

  for (const group of SEED_GROUPS) {
    await insertGroup(tx, {
      id: group.id,
      slug: group.slug,
      name: group.name,
      nameLocal: group.nameLocal,
      description: group.description,
      icon: logoPathOf(group.slug),
      domainName: demoDomainOf(group, siteUrl),
      allowUserToJoin: group.allowUserToJoin,
      displayOrder: group.displayOrder,
      translations: [{ languageId: HINDI, name: group.hi.name, description: group.hi.description }],
    });
  }
  // Every demo user is in userIds (inserted, or an earlier account with the same contact).
  for (const membership of SEED_MEMBERSHIPS) {
    const memberId = userIds.get(membership.userId);
    if (memberId !== undefined) await insertMember(tx, membership.userGroupId, memberId, membership.role);
  }

  const authorName = new Map(SEED_USERS.map((u) => [u.id, u.name]));
  for (const page of SEED_PAGES) {
    await insertPage(tx, {
      ...page,
      autherId: userId(page.autherId),
      autherName: page.autherName ?? (page.autherId === null ? null : (authorName.get(page.autherId) ?? null)),
      pageType: page.pageType ?? "Content",
      date: new Date(page.date),
    });
    if (page.hi) {
      await upsertPageTranslation(tx, page.id, { language_id: HINDI, title: page.hi.title, content: page.hi.content, description: page.hi.description ?? null });
    }
  }
  for (const item of SEED_GALLERY) {
    const galleryId = await insertGalleryItem(tx, item.pageId, { ...item, authorId: userId(SEED_USERS[0]!.id) });
    await saveGalleryCaption(tx, galleryId, languageIdFor("hi"), item.captionHi);
  }

  // The template curator authors the demo templates.
  await insertDemoTemplates(tx, userId(SEED_USER_BY_ROLE.templateCurator.id));
  await markTemplatesSeeded(tx);
  // Records after templates (ids 1…n on a fresh database, in DEMO_RECORDS order).
  await insertDemoRecords(tx);
  // Map layers: the states of India and demo protected areas, published.
  await insertDemoLayers(tx);

  for (const table of ["app_user", "user_group", "page", "page_gallery"] as const) await syncIdSequence(tx, table);
  await tx.query(
    "insert into platform_meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value, updated_on = now()",
    [DEMO_SEED_MARKER, new Date().toISOString()],
  );
}

export interface SeedOptions {
  /** Where the demo's images and PDFs go. */
  fileStore: FileStore;
  /** The site address (SITE_URL): a seed group's own domain takes its scheme and port. */
  siteUrl: string;
}

/** Loads the demo scenario into a migrated database, in one transaction, and writes its files. */
export async function seedDemo(db: Db, options: SeedOptions): Promise<void> {
  await writeDemoFiles(options.fileStore);
  // Hash outside the transaction: it is the slow part and needs no database.
  const passwordHashes = await Promise.all(SEED_USERS.map((u) => bcrypt.hash(u.password, 10)));
  await db.transaction((tx) => insertDemoRows(tx, passwordHashes, options.siteUrl));
  await seedDemoDocumentsWhenMissing(db, options.fileStore);
  await seedDemoLabelsWhenMissing(db);
  await seedDemoHomesWhenMissing(db, options.fileStore);
  invalidateCache(CACHE_KEYS.groupList);
  invalidateCache(CACHE_KEYS.pages);
  invalidateCache(CACHE_KEYS.records);
  invalidateCache(CACHE_KEYS.layers);
}

/**
 * A demo database started again under another site address (another PORT or SITE_URL): the seeded
 * groups' own domains move to it, as long as they still are on the seeded host (a domain edited to
 * another host is kept, and so is one another group has taken). Returns the domains set.
 */
export async function alignDemoDomains(db: Db, siteUrl: string): Promise<string[]> {
  const moved: string[] = [];
  for (const group of SEED_GROUPS) {
    const wanted = demoDomainOf(group, siteUrl);
    if (!wanted) continue;
    const row = await db.maybeOne<{ domain_name: string | null }>("select domain_name from user_group where id = $1 and not is_deleted", [group.id]);
    if (!row?.domain_name || row.domain_name === wanted || hostnameOf(row.domain_name) !== group.domainHost) continue;
    if ((await findDomainOwner(db, wanted)) !== null) continue;
    await db.query("update user_group set domain_name = $2, updated_on = now() where id = $1", [group.id, wanted]);
    moved.push(wanted);
  }
  if (moved.length > 0) {
    invalidateCache(CACHE_KEYS.groupList);
    invalidateCache(CACHE_KEYS.pages);
  }
  return moved;
}

async function markTemplatesSeeded(tx: Queryable): Promise<void> {
  await tx.query("insert into platform_meta (key, value) values ($1, $2) on conflict (key) do nothing", [DEMO_TEMPLATES_MARKER, new Date().toISOString()]);
}

/**
 * A demo database seeded before templates existed gets the demo templates once (authored by the
 * template curator when that account exists). Returns whether it added them.
 */
export async function seedDemoTemplatesWhenMissing(db: Db): Promise<boolean> {
  if (await db.maybeOne("select 1 as seeded from platform_meta where key = $1", [DEMO_TEMPLATES_MARKER])) return false;
  await db.transaction(async (tx) => {
    const curator = await tx.maybeOne<{ id: number }>("select id from app_user where lower(email) = lower($1)", [SEED_USER_BY_ROLE.templateCurator.email]);
    await insertDemoTemplates(tx, curator?.id ?? null);
    await markTemplatesSeeded(tx);
  });
  return true;
}
