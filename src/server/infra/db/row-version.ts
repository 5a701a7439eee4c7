/**
 * The optimistic version of a row that editors send back with their save (issue 27 item 16: template and
 * page saves had no version check, so a stale save dropped what someone saved meanwhile). It is the row's
 * `updated_on` to the microsecond, as opaque text: every write of a template or a page sets
 * `updated_on = now()`, and the text is compared by the database itself (a JavaScript Date keeps
 * milliseconds only). No migration: the column exists on both tables.
 */
export const ROW_VERSION_SQL = `to_char(updated_on at time zone 'UTC', 'YYYYMMDDHH24MISSUS')`;

/** Longest version text accepted from a client. */
export const ROW_VERSION_MAX = 40;
