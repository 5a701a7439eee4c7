/**
 * 0034 (issue 35, item 5): the response table (`data/table`) sorted by any column at 100,000 records without
 * sorting every match. A large match is read in the order of one of these indexes, each row kept when it is
 * in the match, until the page is full (`tablePage` in src/server/modules/records/data.repository.ts):
 *
 * - per value type, the first value (ordinal 0, as the table sorts by) of each field in the sort's order,
 *   ties by record — text by its lower-cased form, as the sort compares it;
 * - `cca_data` by last update and by creation, ties by id, over the public tier.
 */
const sql = /* sql */ `
create index cca_data_value_sort_text_idx on cca_data_value (field_id, lower(text_value), data_id) where visible and ordinal = 0 and text_value is not null;
create index cca_data_value_sort_number_idx on cca_data_value (field_id, num_lo, data_id) where visible and ordinal = 0 and num_lo is not null;
create index cca_data_value_sort_date_idx on cca_data_value (field_id, date_lo, data_id) where visible and ordinal = 0 and date_lo is not null;
create index cca_data_value_sort_option_idx on cca_data_value (field_id, option_value, data_id) where visible and ordinal = 0 and option_value is not null;
create index cca_data_updated_idx on cca_data (updated_on, id) where not is_deleted and not is_template_deleted and is_public;
create index cca_data_created_idx on cca_data (created_on, id) where not is_deleted and not is_template_deleted and is_public;
`;

export default sql;
