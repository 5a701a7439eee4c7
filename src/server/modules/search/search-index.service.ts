/**
 * Keeps site search's entries (`search_entry`) in step with what visitors may see, through the one
 * invalidation mechanism: every write that changes a page, document, group, layer or person already
 * publishes its `CACHE_KEYS` prefix (`src/shared/cache/invalidation.ts`); this index subscribes, marks
 * the kinds behind that prefix stale and reconciles them — the items whose digest changed are derived
 * again (lexemes and keys from src/shared/search), the vanished ones dropped. A search first waits for
 * the kinds it reads to be fresh, so a write is found by the next search. Remote invalidations (another
 * instance wrote) do the same; the digest makes a second reconciliation of the same change a no-op.
 * Records are not entries: their search columns are derived with every record write (records module).
 */
import { CACHE_KEYS, onInvalidation } from "@/shared/cache/invalidation";
import { fuzzyKeys, indexLexemes } from "@/shared/search";
import { fuzzyLexemes } from "@/shared/search/edit-neighbours";
import type { Db } from "../../infra/db/db";
import type { FileStore } from "../../infra/files/file-store";
import type { Logger } from "../../infra/http/types";
import { changedSources, dropVanished, upsertEntries, type EntryKind, type EntryWrite, type SourceRow } from "./search-entry.repository";
import { stripTags } from "../records/record-derive";
import { pdfTextOf } from "./pdf-text";

/** Part of every digest: raise it when what is indexed or how it is derived changes (everything is indexed again). */
export const SEARCH_INDEX_VERSION = "1";

export const ENTRY_KINDS: readonly EntryKind[] = ["page", "document", "group", "layer", "user"];

/** Text of an item kept for snippets and indexed (a long page or PDF is indexed up to here). */
export const BODY_MAX_CHARS = 60_000;

/** Which kinds a change under a prefix may touch ("" is everything). */
const KINDS_OF_PREFIX: ReadonlyArray<[string, readonly EntryKind[]]> = [
  [CACHE_KEYS.pages, ["page"]],
  [CACHE_KEYS.documents, ["document"]],
  [CACHE_KEYS.groupList, ["group", "user"]],
  [CACHE_KEYS.layers, ["layer"]],
  [CACHE_KEYS.users, ["user"]],
];

export function kindsOfPrefix(prefix: string): readonly EntryKind[] {
  if (prefix === "") return ENTRY_KINDS;
  const kinds = new Set<EntryKind>();
  for (const [p, ks] of KINDS_OF_PREFIX) if (prefix.startsWith(p) || p.startsWith(prefix)) ks.forEach((k) => kinds.add(k));
  return [...kinds];
}

interface KindState {
  stale: boolean;
  running: Promise<void> | null;
}

export interface SearchIndex {
  /** Resolves once every kind asked is in step with the last write this process heard of. */
  fresh(kinds: readonly EntryKind[]): Promise<void>;
  /** Marks kinds stale (as an invalidation does) and reconciles them in the background. */
  touch(kinds: readonly EntryKind[]): void;
  /** Stops listening; resolves once the reconciliations under way are done (before the database closes). */
  stop(): Promise<void>;
}

const INDEXES = new WeakMap<Db, SearchIndex>();

/** The index of a database: started by the platform's boot, or on first use. */
export function searchIndexOf(db: Db, fileStore: FileStore | null, logger: Logger): SearchIndex {
  let index = INDEXES.get(db);
  if (!index) {
    index = createSearchIndex(db, fileStore, logger);
    INDEXES.set(db, index);
  }
  return index;
}

/** Stops the index of a database, if it has one (a platform closing). */
export async function stopSearchIndexOf(db: Db): Promise<void> {
  await INDEXES.get(db)?.stop();
}

function createSearchIndex(db: Db, fileStore: FileStore | null, logger: Logger): SearchIndex {
  const states = new Map<EntryKind, KindState>(ENTRY_KINDS.map((k) => [k, { stale: true, running: null }]));
  let stopped = false;

  const ensure = async (kind: EntryKind): Promise<void> => {
    const state = states.get(kind)!;
    if (stopped) return;
    // A reconciliation under way may have started before the last write: wait, then look again.
    while (state.running) await state.running;
    if (!state.stale) return;
    state.stale = false;
    state.running = reconcileKind(db, fileStore, kind)
      .then(() => undefined)
      .catch((error: unknown) => {
        state.stale = true;
        logger.error(`[search] indexing ${kind} failed: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        state.running = null;
      });
    await state.running;
    if (state.stale) await ensure(kind);
  };

  const touch = (kinds: readonly EntryKind[]) => {
    for (const kind of kinds) {
      states.get(kind)!.stale = true;
      void ensure(kind);
    }
  };
  const unsubscribe = onInvalidation((event) => touch(kindsOfPrefix(event.prefix)));

  return {
    fresh: async (kinds) => {
      await Promise.all(kinds.map(ensure));
    },
    touch,
    stop: async () => {
      stopped = true;
      unsubscribe();
      INDEXES.delete(db);
      await Promise.all([...states.values()].map((s) => s.running));
    },
  };
}

/** Brings one kind's entries in step with its sources. */
export async function reconcileKind(db: Db, fileStore: FileStore | null, kind: EntryKind): Promise<{ written: number; dropped: number }> {
  const dropped = await dropVanished(db, kind, SEARCH_INDEX_VERSION);
  const changed = await changedSources(db, kind, SEARCH_INDEX_VERSION);
  const writes: EntryWrite[] = [];
  for (const row of changed) writes.push(await entryOf(row, kind, fileStore));
  await upsertEntries(db, kind, writes);
  return { written: writes.length, dropped };
}

async function entryOf(row: SourceRow, kind: EntryKind, fileStore: FileStore | null): Promise<EntryWrite> {
  let body = stripTags(row.body);
  // A document's PDF: its text too (bounded in pages, characters and time; a file that cannot be read adds nothing).
  if (kind === "document" && fileStore && row.file_path && (row.mime_type === "application/pdf" || /\.pdf$/i.test(row.file_path))) {
    const text = await pdfTextOf(fileStore, row.file_path).catch(() => "");
    if (text) body = `${body} ${text}`.trim();
  }
  body = body.slice(0, BODY_MAX_CHARS);
  const title = stripTags(row.title);
  return {
    item_id: row.item_id,
    language: row.language,
    group_ids: row.group_ids,
    title,
    body,
    path: row.path,
    lexemes: indexLexemes(`${title} ${body}`),
    title_lexemes: indexLexemes(title),
    fuzzy_text: fuzzyKeys(title),
    fuzzy_lexemes: fuzzyLexemes(title),
    digest: row.digest,
  };
}
