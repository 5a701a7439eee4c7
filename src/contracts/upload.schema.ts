/**
 * The upload contracts (files-api, reference §3.4): the text fields of the multipart uploads (the file
 * itself, the part `upload`, is checked by its first bytes on the platform) and the body of `remove-file`.
 * Checked by the platform with `validateWith` (400 VALIDATION_FAILED, one translation key per field).
 */
import * as yup from "yup";
import { DOCUMENT_UPLOAD_PATH } from "./document";
import { FORM_ERRORS } from "./field-errors";

/** The `hash` folder an upload goes to: 1 to 64 letters, digits, '-' or '_'. */
export const UPLOAD_HASH_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** The directory of a resource upload when the form names none. */
export const DEFAULT_UPLOAD_DIRECTORY = "pages";
/** The modules a member's own uploads belong to ("my uploads"). */
export const MY_UPLOAD_MODULES = ["document"] as const;
export type MyUploadModule = (typeof MY_UPLOAD_MODULES)[number];

/** Text as sent; absent, null or anything but text is "" (then refused by the field's rule). */
const sentText = () =>
  yup
    .string()
    .transform((_, raw: unknown) => (typeof raw === "string" ? raw : ""))
    .default("");

/** A text field whose blank (absent, null or "") is `blank`; anything but text is `form:invalid`. */
const textOr = (blank: string) =>
  yup
    .string()
    .transform((value: unknown, raw: unknown) => (raw === undefined || raw === null || raw === "" ? blank : typeof raw === "string" ? raw : value))
    .typeError(FORM_ERRORS.invalid)
    .default(blank);

const hash = () => sentText().matches(UPLOAD_HASH_PATTERN, FORM_ERRORS.invalid);

/**
 * Fields of `POST files-api/api/upload/resource-upload`, in a files store of `directories` (the platform's
 * FILE_DIRECTORIES): `hash`, and `directory` (blank: pages). Who may use the `site` directory is the platform's rule.
 */
export const resourceUploadSchema = (directories: readonly string[]) =>
  yup.object({
    hash: hash(),
    directory: textOr(DEFAULT_UPLOAD_DIRECTORY).oneOf(directories, FORM_ERRORS.invalid),
  });

/** Fields of `POST files-api/api/upload/my-uploads`: `hash`, and `module` (blank: document). */
export const myUploadSchema = yup.object({
  hash: hash(),
  module: textOr(MY_UPLOAD_MODULES[0]).oneOf(MY_UPLOAD_MODULES, FORM_ERRORS.invalid),
});

/** Body of `POST files-api/api/upload/remove-file`: the `path` of one of the caller's uploads, `/<hash>/<uuid>.<ext>`. */
export const removeMyUploadSchema = yup.object({
  path: sentText().matches(DOCUMENT_UPLOAD_PATH, FORM_ERRORS.invalid),
});

export type ResourceUploadFields = yup.InferType<ReturnType<typeof resourceUploadSchema>>;
export type MyUploadFields = yup.InferType<typeof myUploadSchema>;
export type RemoveMyUploadBody = yup.InferType<typeof removeMyUploadSchema>;
