/** fieldId → the errors to show on that field's row (property path under the field, translation key). */
export type FieldErrors = Record<string, { property: string; key: string }[]>;

/** The platform's (and the shared rules') `fields.<fieldId>.<property>` errors grouped by field; the rest (metadata) apart. */
export function splitErrors(errors: Record<string, string>): { fields: FieldErrors; other: Record<string, string> } {
  const fields: FieldErrors = {};
  const other: Record<string, string> = {};
  for (const [path, key] of Object.entries(errors)) {
    const match = /^fields\.([^.]+)\.(.+)$/.exec(path);
    if (match) (fields[match[1]!] ??= []).push({ property: match[2]!, key });
    else other[path] = key;
  }
  return { fields, other };
}
