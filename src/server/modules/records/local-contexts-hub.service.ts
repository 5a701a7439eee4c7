/**
 * The Local Contexts Hub sync (issue 30, item 3, optional part; contract src/contracts/local-contexts-hub.ts).
 * A group's founders (and administrators) set the group's Hub API key (`PUT cca data/hub/key/{groupId}`; never
 * read back: `GET` says whether one is set). A record's keepers sync its labels from a Hub project
 * (`PUT cca data/labels/{id}/hub`, `{projectId}`): the key of one of its groups is sent to
 * `{LOCAL_CONTEXTS_API_URL}/api/v2/projects/{uuid}/`, the answer (bounded: 10 s, 1 MB) mapped to the shipped
 * catalogue, and the record's labels replaced as `PUT data/labels/{id}` does (activity, treatments derived
 * again, caches invalidated on every instance). Without `LOCAL_CONTEXTS_API_URL` nothing is fetched: 409.
 */
import { HUB_ERRORS, hubKeySchema, hubSyncSchema, labelsFromHub, type HubSyncResult } from "@/contracts/local-contexts-hub";
import { labelById } from "@/contracts/local-contexts";
import { CACHE_KEYS, invalidateCache } from "@/shared/cache/invalidation";
import type { Account } from "../accounts/account-context";
import { AppError } from "../../infra/http/app-error";
import type { PlatformDeps } from "../../infra/http/types";
import { validateWith } from "../../infra/http/validate";
import { insertActivity } from "../activity/activity.repository";
import { requireGroupEditor } from "../groups/group-access";
import { rederiveRecords } from "./public-places.service";
import { requireRecordAccess } from "./record-access.service";
import { replaceLabels } from "../labels/label.repository";
import { getRecordLabels } from "./record-labels.service";
import { findGroupKey, hasGroupKey, setGroupKey, upsertHubLink } from "./local-contexts-hub.repository";

export const HUB_SYNC_ACTIVITY = "Labels synced from the Local Contexts Hub";
const HUB_TIMEOUT_MS = 10_000;
const HUB_BODY_MAX = 1024 * 1024;

/** PUT data/hub/key/{groupId}: sets or removes the group's Hub API key (its founders, administrators). */
export async function setHubKey(deps: PlatformDeps, account: Account, groupId: number, body: unknown): Promise<{ configured: boolean }> {
  const { apiKey } = await validateWith(hubKeySchema, body);
  await requireGroupEditor(deps.db, account, groupId);
  await setGroupKey(deps.db, groupId, apiKey ?? null, account.id);
  return { configured: apiKey !== null && apiKey !== undefined };
}

/** GET data/hub/key/{groupId}: whether the group has a key (its founders, administrators). */
export async function getHubKey(deps: PlatformDeps, account: Account, groupId: number): Promise<{ configured: boolean; hub: boolean }> {
  await requireGroupEditor(deps.db, account, groupId);
  return { configured: await hasGroupKey(deps.db, groupId), hub: deps.settings.localContextsApiUrl !== null };
}

/** The project from the Hub (bounded in time and size); AppErrors a client can act on. */
async function fetchProject(base: string, projectId: string, apiKey: string): Promise<{ tk_labels?: unknown; bc_labels?: unknown }> {
  let response: Response;
  try {
    response = await fetch(`${base}/api/v2/projects/${encodeURIComponent(projectId)}/`, {
      headers: { accept: "application/json", "x-api-key": apiKey },
      signal: AbortSignal.timeout(HUB_TIMEOUT_MS),
      redirect: "error",
    });
  } catch {
    throw new AppError("SERVICE_UNAVAILABLE", "The Local Contexts Hub could not be reached", { projectId: HUB_ERRORS.unreachable });
  }
  if (response.status === 404) throw new AppError("UNPROCESSABLE_CONTENT", `The Local Contexts Hub has no project ${projectId}`, { projectId: HUB_ERRORS.notFound });
  if (response.status === 401 || response.status === 403)
    throw new AppError("UNPROCESSABLE_CONTENT", "The Local Contexts Hub refused the group's API key", { projectId: HUB_ERRORS.noKey });
  if (!response.ok) throw new AppError("SERVICE_UNAVAILABLE", `The Local Contexts Hub answered ${response.status}`, { projectId: HUB_ERRORS.unreachable });
  const text = await response.text();
  if (text.length > HUB_BODY_MAX) throw new AppError("SERVICE_UNAVAILABLE", "The Local Contexts Hub's answer is too large", { projectId: HUB_ERRORS.unreachable });
  try {
    const project = JSON.parse(text) as unknown;
    if (typeof project !== "object" || project === null) throw new Error("not an object");
    return project as { tk_labels?: unknown; bc_labels?: unknown };
  } catch {
    throw new AppError("SERVICE_UNAVAILABLE", "The Local Contexts Hub's answer is not a project", { projectId: HUB_ERRORS.unreachable });
  }
}

/** PUT data/labels/{id}/hub: replaces the record's labels with its Hub project's (its keepers). */
export async function syncFromHub(deps: PlatformDeps, account: Account, id: number, body: unknown): Promise<HubSyncResult> {
  const { projectId } = await validateWith(hubSyncSchema, body);
  const { row, access } = await requireRecordAccess(deps.db, id, account);
  if (!access.manageConsent) throw new AppError("FORBIDDEN", "Only the record's keepers may sync its labels", { projectId: HUB_ERRORS.forbidden });
  const base = deps.settings.localContextsApiUrl;
  if (!base) throw new AppError("CONFLICT", "No Local Contexts Hub is configured (LOCAL_CONTEXTS_API_URL)", { projectId: HUB_ERRORS.notConfigured });
  const apiKey = await findGroupKey(deps.db, row.usergroups);
  if (!apiKey) throw new AppError("CONFLICT", "None of the record's groups has a Local Contexts Hub API key", { projectId: HUB_ERRORS.noKey });
  const { labels, unmatched } = labelsFromHub(await fetchProject(base, projectId, apiKey));
  const syncedOn = await deps.db.transaction(async (tx) => {
    await replaceLabels(tx, "record", id, account.id, labels);
    const when = await upsertHubLink(tx, id, projectId, account.id);
    await insertActivity(tx, {
      holderType: "ccaData",
      holderId: id,
      userId: account.id,
      activityType: HUB_SYNC_ACTIVITY,
      description: labels.map((l) => labelById(l.labelId)!.name).join(", "),
      details: { projectId, labels: labels.map((l) => l.labelId), unmatched },
    });
    await rederiveRecords(tx, [id]);
    return when;
  });
  invalidateCache(CACHE_KEYS.records);
  return { projectId, syncedOn: new Date(syncedOn).toISOString(), labels: await getRecordLabels(deps.db, account, id), unmatched };
}
