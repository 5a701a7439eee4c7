/**
 * What templates need of the records that answer them, without templates importing records: inside the
 * transaction of a template write, records keep their public places in step with the template's GEOMETRY
 * fields (issue 27) and hide or show themselves with a deleted or restored template; the template editor
 * reads the counts of their values. The app registers the records module's follower when it builds the
 * platform router (src/server/app/platform-router.ts), so the dependency runs one way: records → templates.
 */
import type { Queryable } from "../../infra/db/db";

/** Live records of a template, records holding a value per field id, and per option value. */
export interface TemplateValueCountRows {
  total: number;
  fields: Array<{ field_id: string; n: number }>;
  options: Array<{ field_id: string; option_value: string; n: number }>;
}

export interface TemplateWriteFollower {
  /** Wraps a change of template `templateId`'s fields or parent (PUT template/update in the default language). */
  fieldsChange<T>(tx: Queryable, templateId: number, change: () => Promise<T>): Promise<T>;
  /** Wraps a delete or restore of template `templateId` (its records are hidden or shown with it). */
  deleteOrRestore<T>(tx: Queryable, templateId: number, change: () => Promise<T>): Promise<T>;
  /**
   * Counts of the values of template `templateId`'s live records the caller may see (what a destructive
   * edit would touch; records its consent keeps from the caller are not counted).
   */
  countValues(db: Queryable, templateId: number, caller: { id: number; roles: readonly string[] } | null): Promise<TemplateValueCountRows>;
}

let follower: TemplateWriteFollower | null = null;

/** Registers the follower of template writes (one; a second call replaces it). */
export function followTemplateWrites(next: TemplateWriteFollower): void {
  follower = next;
}

/** The registered follower; a template write without one would leave records stale, so it fails. */
export function templateWriteFollower(): TemplateWriteFollower {
  if (!follower) throw new Error("No follower of template writes: build the platform router (src/server/app/platform-router.ts) first");
  return follower;
}
