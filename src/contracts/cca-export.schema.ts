/**
 * The contract of an export request (`POST cca-api/v1/data/all/download`: `notes` and `format`, from a
 * JSON body or the query): why the records are exported (required, at most EXPORT_NOTES_MAX characters)
 * and the file's format. Checked by the platform with `validateWith`; the export dialog asks the same.
 */
import * as yup from "yup";
import { EXPORT_NOTES_MAX, isExportFormat, type ExportFormat } from "./cca-export";

/** Field errors of an export request (translation keys of the table screen's dialog). */
export const EXPORT_ERRORS = {
  notesRequired: "data:export.errors.notes_required",
  notesTooLong: `data:export.errors.notes_too_long|${JSON.stringify({ max: EXPORT_NOTES_MAX })}`,
  format: "data:export.errors.format",
} as const;

export const exportRequestSchema = yup.object({
  notes: yup
    .string()
    .default("")
    .transform((v: unknown) => (typeof v === "string" ? v.trim() : ""))
    .test("required", EXPORT_ERRORS.notesRequired, (v) => v !== "")
    .test("max", EXPORT_ERRORS.notesTooLong, (v) => v === "" || [...(v ?? "")].length <= EXPORT_NOTES_MAX),
  format: yup
    .mixed<ExportFormat>()
    .default("csv")
    .test("format", EXPORT_ERRORS.format, (v) => typeof v === "string" && isExportFormat(v)),
});
