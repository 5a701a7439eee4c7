/**
 * What other modules do inside the transaction of a template write, without templates importing them.
 * The records module keeps its records' public places in step with the template's GEOMETRY fields
 * (issue 27); the app registers it when it builds the platform router (src/server/app/platform-router.ts),
 * so the dependency runs one way: records → templates.
 */
import type { Queryable } from "../../infra/db/db";

export interface TemplateWriteFollower {
  /** Wraps a change of template `templateId`'s fields or parent (PUT template/update in the default language). */
  fieldsChange<T>(tx: Queryable, templateId: number, change: () => Promise<T>): Promise<T>;
  /** Wraps a delete or restore of template `templateId`. */
  deleteOrRestore<T>(tx: Queryable, templateId: number, change: () => Promise<T>): Promise<T>;
}

let follower: TemplateWriteFollower | null = null;

/** Registers the follower of template writes (one; a second call replaces it). */
export function followTemplateWrites(next: TemplateWriteFollower): void {
  follower = next;
}

/** The registered follower; a template write without one would leave records' places stale, so it fails. */
export function templateWriteFollower(): TemplateWriteFollower {
  if (!follower) throw new Error("No follower of template writes: build the platform router (src/server/app/platform-router.ts) first");
  return follower;
}
