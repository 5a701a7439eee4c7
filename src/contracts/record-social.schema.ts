/**
 * The contracts of a record's social writes (cca-api `data/update/followers`, `data/update/permission`,
 * `data/update/usergroup`, `data/request`): one yup schema per body, checked by the platform through
 * `validateWith` (400 VALIDATION_FAILED, one translation key per field). Ids come as numbers or digit
 * strings, as the reference's clients send them. Who may do what (following only oneself, asking only
 * for oneself) is decided by the service after the body is read, on the stored account.
 */
import * as yup from "yup";
import { ALLOWED_USERS_MAX, CONTRIBUTOR_MESSAGE_MAX, SOCIAL_ERRORS } from "./cca-social";
import { FORM_ERRORS, maxLengthError, wholeNumberError, type FieldErrorKey } from "./field-errors";
import { readRowId } from "./record.schema";

/** A schema whose value is what `read` answers; `errorOf` names the key of the raw value when `read` answers undefined. */
function readOrError<T extends NonNullable<unknown>>(read: (raw: unknown) => T | undefined, errorOf: (raw: unknown) => FieldErrorKey | null) {
  return yup
    .mixed<T>()
    .nullable()
    .transform((_, raw: unknown) => read(raw) ?? raw)
    .default(() => read(undefined))
    .test("read", FORM_ERRORS.invalid, function () {
      const message = read(this.originalValue) === undefined ? errorOf(this.originalValue) : null;
      return message === null ? true : this.createError({ message });
    }) as unknown as yup.MixedSchema<T, yup.AnyObject, undefined, "d">;
}

/** The record's id: required, then a whole number from 1. */
const recordId = () => readOrError((raw) => readRowId(raw), (raw) => (raw === undefined ? FORM_ERRORS.required : wholeNumberError(1)));

/** A list of ids without repeats, at most `max`; `optional`: absent or null is no list. */
function idList(max: number, optional: boolean) {
  const read = (raw: unknown): number[] | undefined => {
    if (!Array.isArray(raw)) return undefined;
    const ids: number[] = [];
    for (const item of raw) {
      const id = readRowId(item);
      if (id === undefined) return undefined;
      if (!ids.includes(id)) ids.push(id);
    }
    return ids.length > max ? undefined : ids;
  };
  return readOrError(read, (raw) => {
    if (optional && (raw === undefined || raw === null)) return null;
    if (!Array.isArray(raw)) return raw === undefined ? FORM_ERRORS.required : FORM_ERRORS.invalid;
    return raw.every((item) => readRowId(item) !== undefined) ? SOCIAL_ERRORS.tooManyEditors : FORM_ERRORS.invalid;
  });
}

/** `PUT data/update/followers` `{id, type: follow|unfollow, followers?}`. */
export const followUpdateSchema = yup.object({
  id: recordId(),
  type: readOrError(
    (raw) => (raw === "follow" || raw === "unfollow" ? raw : undefined),
    (raw) => (raw === undefined ? FORM_ERRORS.required : FORM_ERRORS.invalid),
  ),
  followers: idList(ALLOWED_USERS_MAX, true),
});

/** `PUT data/update/permission` `{id, allowedUsers}`: the complete list of editors besides the owner. */
export const permissionUpdateSchema = yup.object({
  id: recordId(),
  allowedUsers: idList(ALLOWED_USERS_MAX, false),
});

/** The most groups one record may be posted in by one call. */
export const RECORD_GROUPS_MAX = 1000;

/** `PUT data/update/usergroup` `{id, usergroups}`: the groups the record should be in. */
export const usergroupUpdateSchema = yup.object({
  id: recordId(),
  usergroups: idList(RECORD_GROUPS_MAX, false),
});

/** A request's message: trimmed, 1 to CONTRIBUTOR_MESSAGE_MAX characters (the request dialog checks it too). */
export const requestorMessageSchema = readOrError(
    (raw) => {
      const text = typeof raw === "string" ? raw.trim() : "";
      return text !== "" && [...text].length <= CONTRIBUTOR_MESSAGE_MAX ? text : undefined;
    },
    (raw) => {
      if (raw !== undefined && raw !== null && typeof raw !== "string") return FORM_ERRORS.invalid;
      const text = typeof raw === "string" ? raw.trim() : "";
      return text === "" ? FORM_ERRORS.required : maxLengthError(CONTRIBUTOR_MESSAGE_MAX);
    },
);

/** `POST data/request` `{ccaid, requestorId?, role?, requestorMessage}`. */
export const contributorRequestSchema = yup.object({
  ccaid: recordId(),
  requestorId: yup.mixed().nullable(),
  requestorMessage: requestorMessageSchema,
});
