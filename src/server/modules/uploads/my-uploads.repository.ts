/** SQL of my-uploads: table `my_upload` (a user's document files), read against `document` (which uses them). */
import type { MyUpload } from "@/contracts/document";
import type { Queryable } from "../../infra/db/db";

interface MyUploadRow {
  path: string;
  file_name: string;
  mime_type: string;
  size: string | number;
  created_on: Date;
}

const COLUMNS = "path, file_name, mime_type, size, created_on";

const toUpload = (r: MyUploadRow): MyUpload => ({
  hashKey: r.path.split("/")[1] ?? "",
  fileName: r.file_name,
  type: r.mime_type,
  path: r.path,
  dateCreated: r.created_on.toISOString(),
  dateUploaded: r.created_on.toISOString(),
  fileSize: Number(r.size),
});

/** The upload at `path` with the id of the user who made it; null when there is none. */
export function findMyUpload(db: Queryable, filePath: string): Promise<(MyUploadRow & { user_id: number }) | null> {
  return db.maybeOne(`select ${COLUMNS}, user_id from my_upload where path = $1`, [filePath]);
}

export interface NewMyUpload {
  userId: number;
  module: string;
  path: string;
  fileName: string;
  mimeType: string;
  size: number;
}

export async function insertMyUpload(db: Queryable, upload: NewMyUpload): Promise<MyUpload> {
  const row = await db.one<MyUploadRow>(
    `insert into my_upload (user_id, module, path, file_name, mime_type, size) values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
    [upload.userId, upload.module, upload.path, upload.fileName, upload.mimeType, upload.size],
  );
  return toUpload(row);
}

/** The user's uploads of a module that no live document uses yet, newest first (at most 100). */
export async function listUnusedUploads(db: Queryable, userId: number, module: string): Promise<MyUpload[]> {
  const rows = await db.query<MyUploadRow>(
    `select ${COLUMNS} from my_upload m
      where user_id = $1 and module = $2
        and not exists (select 1 from document d where d.file_path = m.path and not d.is_deleted)
      order by created_on desc limit 100`,
    [userId, module],
  );
  return rows.map(toUpload);
}

/** Whether a live document uses the file. */
export async function uploadInUse(db: Queryable, filePath: string): Promise<boolean> {
  return (await db.maybeOne("select 1 as x from document where file_path = $1 and not is_deleted", [filePath])) !== null;
}

export async function deleteMyUpload(db: Queryable, filePath: string): Promise<void> {
  await db.query("delete from my_upload where path = $1", [filePath]);
}
