import type { AxiosInstance } from "axios";
import type { PageGalleryInput, PageShowFull, PageTreeNode, PageWriteFields } from "@/contracts/page";
import { isFieldErrorKey } from "@/contracts/field-errors";
import { DEFAULT_LICENSE_ID, PAGE_MSG, type GalleryFormItem, type PageFormValues } from "@/contracts/page.schema";
import { ApiError } from "@/lib/api/api-error";
import { createPage, removeGalleryItem, updatePage, updatePageTree } from "@/lib/api/pages";

let keySeq = 0;
/** A key for a gallery card (stable while the form is open). */
export function newGalleryKey(): string {
  keySeq += 1;
  return `g${Date.now().toString(36)}${keySeq}`;
}

export function newGalleryItem(fileName: string): GalleryFormItem {
  return { key: newGalleryKey(), id: null, fileName, caption: "", attribution: "", licenseId: String(DEFAULT_LICENSE_ID) };
}

export function emptyPageForm(): PageFormValues {
  return {
    title: "",
    description: "",
    pageType: "Content",
    url: "",
    content: "",
    parentId: "0",
    sticky: true,
    showInFooter: false,
    showInMenu: false,
    allowComments: false,
    socialPreview: "",
    gallery: [],
  };
}

export function pageToFormValues(page: PageShowFull): PageFormValues {
  return {
    title: page.title,
    description: page.description ?? "",
    pageType: page.pageType,
    url: page.url ?? "",
    content: page.content ?? "",
    parentId: String(page.parentId ?? 0),
    sticky: page.sticky,
    showInFooter: page.showInFooter,
    showInMenu: page.showInMenu,
    allowComments: page.allowComments,
    socialPreview: page.socialPreview ?? "",
    gallery: [...page.galleryData]
      .sort((a, b) => a.displayOrder - b.displayOrder)
      .map((g) => ({
        key: `saved-${g.id}`,
        id: g.id,
        fileName: g.fileName,
        caption: g.caption ?? "",
        attribution: g.attribution ?? "",
        licenseId: String(g.licenseId ?? DEFAULT_LICENSE_ID),
      })),
  };
}

const orNull = (v: string) => (v.trim() === "" ? null : v.trim());

/** The body fields of create and update: Redirect pages carry no content, Content pages no url; gallery in form order 1..n. */
export function toWriteFields(values: PageFormValues): PageWriteFields {
  const redirect = values.pageType === "Redirect";
  const galleryData: PageGalleryInput[] = redirect
    ? []
    : values.gallery.map((g, i) => ({
        ...(g.id !== null ? { id: g.id } : {}),
        fileName: g.fileName,
        caption: orNull(g.caption),
        attribution: orNull(g.attribution),
        licenseId: Number(g.licenseId) || DEFAULT_LICENSE_ID,
        displayOrder: i + 1,
      }));
  return {
    title: values.title.trim(),
    content: redirect ? "" : values.content,
    description: orNull(values.description),
    socialPreview: values.socialPreview || null,
    pageType: values.pageType,
    url: redirect ? values.url.trim() : null,
    sticky: values.sticky,
    showInFooter: values.showInFooter,
    showInMenu: values.showInMenu,
    allowComments: values.allowComments,
    galleryData,
  };
}

/**
 * Saved gallery items the editor removed: they are deleted on the platform only when the form is
 * saved (the update keeps items it does not name), never when the remove button is pressed.
 * Switching to a Redirect page hides the gallery but removes nothing.
 */
export function removedGalleryIds(initial: readonly GalleryFormItem[], current: readonly GalleryFormItem[], pageType: PageFormValues["pageType"] = "Content"): number[] {
  // A Redirect page sends no gallery, and the platform keeps what it is not told about.
  if (pageType === "Redirect") return [];
  const kept = new Set(current.map((g) => g.id).filter((id): id is number => id !== null));
  return initial.map((g) => g.id).filter((id): id is number => id !== null && !kept.has(id));
}

export interface ParentOption {
  value: string;
  label: string;
}

/** "No parent" plus every page of the tree, indented by depth; `excludeId` and its subtree left out (no cycles). */
export function parentOptions(tree: readonly PageTreeNode[], noParentLabel: string, excludeId?: number): ParentOption[] {
  const out: ParentOption[] = [{ value: "0", label: noParentLabel }];
  const walk = (nodes: readonly PageTreeNode[], depth: number) => {
    for (const node of nodes) {
      if (node.id === excludeId) continue;
      out.push({ value: String(node.id), label: `${"\u2014 ".repeat(depth)}${node.title}` });
      walk(node.children, depth + 1);
    }
  };
  walk(tree, 0);
  return out;
}

function childrenOf(tree: readonly PageTreeNode[], parentId: number): readonly PageTreeNode[] | undefined {
  if (parentId === 0) return tree;
  for (const node of tree) {
    if (node.id === parentId) return node.children;
    const inner = childrenOf(node.children, parentId);
    if (inner) return inner;
  }
  return undefined;
}

/** The position after the last child of `parentId` in the tree (where a moved page goes). */
export function nextIndexUnder(tree: readonly PageTreeNode[], parentId: number, movingId: number): number {
  const siblings = (childrenOf(tree, parentId) ?? []).filter((n) => n.id !== movingId);
  return siblings.reduce((max, n) => Math.max(max, n.pageIndex + 1), 0);
}

/** The platform's field names → the form's fields that show an error (`galleryData[1].caption` → `gallery.1.caption`). */
export function formFieldOf(serverField: string): string | null {
  const gallery = /^galleryData\[(\d+)\]\.(caption|attribution|licenseId)$/.exec(serverField);
  if (gallery) return `gallery.${gallery[1]}.${gallery[2]}`;
  return ["title", "description", "url", "content", "pageType", "parentId"].includes(serverField) ? serverField : null;
}

/**
 * The message key the form shows for a platform field error. The platform answers translation keys
 * (contracts/field-errors.ts); anything else (an older or foreign server's sentence) becomes the generic
 * "This value is not valid", so no visitor sees an untranslated reason.
 */
export function messageForServerError(value: string): string {
  return isFieldErrorKey(value) ? value : PAGE_MSG.invalid;
}

function fieldErrorsOf(error: unknown): [string, string][] {
  return Object.entries(ApiError.from(error).fieldErrors ?? {});
}

/** The platform's field errors of a failed save on fields the form shows, as [form field, message key] pairs. */
export function serverFieldErrors(error: unknown): [string, string][] {
  const out: [string, string][] = [];
  for (const [field, value] of fieldErrorsOf(error)) {
    const formField = formFieldOf(field);
    if (formField) out.push([formField, messageForServerError(value)]);
  }
  return out;
}

/** Whether a save failed because someone saved the page after it was opened (409 with the version's error). */
export function isStaleVersion(error: unknown): boolean {
  return fieldErrorsOf(error).some(([field, value]) => field === "version" && value === PAGE_MSG.staleVersion);
}

/** Field errors of a failed save that no form field shows (language, group, image files…): [platform field, message key], each message once. */
export function otherFieldErrors(error: unknown): [string, string][] {
  const out: [string, string][] = [];
  for (const [field, value] of fieldErrorsOf(error)) {
    const message = messageForServerError(value);
    if (formFieldOf(field) === null && !out.some(([, m]) => m === message)) out.push([field, message]);
  }
  return out;
}

export interface SaveContext {
  client: AxiosInstance;
  /** null: create. */
  pageId: number | null;
  initial: PageFormValues;
  tree: readonly PageTreeNode[];
  userGroupId: number | null;
  languageId: number;
  /** The version the page was read at (PageShowFull.version): a save after someone else's answers 409. */
  version?: string;
}

export interface SaveResult {
  id: number;
  /** Steps after the main save that failed (the page itself was saved). */
  partialFailure: "gallery" | "parent" | null;
}

/**
 * Saves the form: create (with its parent) or update; then, for an update, removes the saved gallery
 * items the editor took out and moves the page when its parent changed (updateTree).
 */
export async function savePage(values: PageFormValues, { client, pageId, initial, tree, userGroupId, languageId, version }: SaveContext): Promise<SaveResult> {
  const fields = toWriteFields(values);
  const parentId = Number(values.parentId) || 0;
  if (pageId === null) {
    const created = await createPage(client, { ...fields, parentId, userGroupId, languageId });
    return { id: created.id, partialFailure: null };
  }
  await updatePage(client, { ...fields, id: pageId, languageId, ...(version ? { version } : {}) });
  let partialFailure: SaveResult["partialFailure"] = null;
  try {
    for (const galleryId of removedGalleryIds(initial.gallery, values.gallery, values.pageType)) {
      await removeGalleryItem(client, pageId, galleryId);
    }
  } catch {
    partialFailure = "gallery";
  }
  if (parentId !== (Number(initial.parentId) || 0)) {
    try {
      await updatePageTree(client, [{ id: pageId, parentId, pageIndex: nextIndexUnder(tree, parentId, pageId) }], languageId);
    } catch {
      partialFailure ??= "parent";
    }
  }
  return { id: pageId, partialFailure };
}
