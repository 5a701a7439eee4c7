// Validation messages travel as translation keys with their values: `form:min_length|{"min":8}`.
// Kept apart from the yup schemas, so translating a message does not load yup or libphonenumber.

/** Splits a message `key|{"min":8}` into the translation key and its values. */
export function parseMessage(message: string): { key: string; values?: Record<string, unknown> } {
  const bar = message.indexOf("|");
  if (bar < 0) return { key: message };
  try {
    return { key: message.slice(0, bar), values: JSON.parse(message.slice(bar + 1)) as Record<string, unknown> };
  } catch {
    return { key: message.slice(0, bar) };
  }
}
