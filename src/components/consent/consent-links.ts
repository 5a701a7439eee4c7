import { fileRawUrl } from "@/shared/files";

/** The link of a stored FPIC document (a `myUploads` path `/<hash>/<name>`, or a files address already). */
export function consentDocumentHref(document: string): string {
  return document.startsWith("/files-api/") ? document : fileRawUrl("myUploads", document);
}
