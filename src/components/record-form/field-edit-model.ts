/**
 * One field edited on its own (`/data/edit/{id}`, issue 14): the stored value as the participation
 * input holds it, and the `data/update` entry for the value typed (normalised by the shared rule
 * module with `partial`, so an emptied optional field is sent as null and clears the stored value).
 */
import { normaliseRecordValues } from "@/contracts/record-rules";
import { isOptionType, MULTI_OPTION_TYPES, type CCAField } from "@/contracts/template";
import { emptyValue, isOthersOption, type FileChoice, type FormValues, type OptionChoice } from "./form-model";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function choiceOf(field: CCAField, stored: unknown): OptionChoice | null {
  if (!isObject(stored) || typeof stored.valueId !== "string") return null;
  return isOthersOption(field, stored.valueId) ? { valueId: stored.valueId, label: typeof stored.label === "string" ? stored.label : "" } : { valueId: stored.valueId };
}

const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** A stored value (`ccaFieldValues[fieldId].value`) as the field's input holds it; the empty value when none. */
export function formValueOf(field: CCAField, stored: unknown): unknown {
  if (stored === null || stored === undefined) return emptyValue(field);
  if (isOptionType(field.type)) {
    if ((MULTI_OPTION_TYPES as readonly string[]).includes(field.type)) {
      return Array.isArray(stored) ? stored.map((s) => choiceOf(field, s)).filter((c): c is OptionChoice => c !== null) : [];
    }
    return choiceOf(field, stored);
  }
  switch (field.type) {
    case "NUMBER":
    case "YEAR":
    case "DATE":
    case "TEXT":
    case "TEXT_AREA":
    case "RICHTEXT":
      return text(stored);
    case "NUMBER_RANGE":
    case "DATE_RANGE":
      return Array.isArray(stored) ? [text(stored[0]), text(stored[1])] : emptyValue(field);
    case "FILE":
      return Array.isArray(stored)
        ? stored.filter(isObject).map((f): FileChoice => ({ ...(f as unknown as FileChoice), fileName: String(f.path ?? "").split("/").pop() }))
        : [];
    default:
      return stored;
  }
}

/** The `ccaFieldValues` of a `data/update` body for one field's typed value. */
export function fieldUpdateEntry(field: CCAField, value: unknown): Record<string, { fieldId: string; name: string; type: string; value: unknown }> {
  const clean = Array.isArray(value)
    ? value.map((v) => (isObject(v) && "fileName" in v ? (({ fileName: _n, ...rest }) => rest)(v as unknown as FileChoice) : v))
    : value;
  const normalised = normaliseRecordValues([field], { [field.fieldId]: clean } as FormValues, { partial: true });
  return { [field.fieldId]: { fieldId: field.fieldId, name: field.name, type: field.type, value: normalised[field.fieldId] ?? null } };
}
