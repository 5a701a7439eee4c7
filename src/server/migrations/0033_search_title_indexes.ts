/**
 * 0033 (issue 33): site search's record reads bounded however common the word
 * (src/server/modules/records/record-search.repository.ts).
 * - `cca_data_title_idx`: the public titles' words (GIN), so the title matches of a query are read from the
 *   index, up to a cap, without walking the table.
 * - `cca_data_title_keys_idx`: public records by their title's keys (`fuzzy_text`, its first 200
 *   characters: a B-tree entry is bounded), so the records titled with the query's words alone, in either
 *   script, are found without reading every match of a common word.
 */
const sql = /* sql */ `
create index cca_data_title_idx on cca_data using gin (title_vector)
  where not is_deleted and not is_template_deleted and is_public;
create index cca_data_title_keys_idx on cca_data ((left(fuzzy_text, 200)))
  where not is_deleted and not is_template_deleted and is_public;
`;

export default sql;
