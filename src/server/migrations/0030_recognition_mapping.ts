/**
 * 0030 (issue 31, item 1): the WDPCA / ICCA Registry submission pack.
 * - `recognition_mapping`: per field set (`wdpa16`, `wdpca2025`), how each attribute is found from the
 *   master template's fields (src/contracts/recognition.ts `FieldSetMapping`), set by administrators;
 *   the defaults for the demo master template are installed here (modules/recognition/default-mapping.ts).
 * - `download_log`: a pack is an export of the download log (its file handed out by its maker or an
 *   administrator, superseded when a record's consent is narrowed); its types are `gpkg` and `shp`
 *   besides `csv`, and `params.pack` says which field set and group.
 */
import type { Queryable } from "../infra/db/db";
import { DEFAULT_MAPPINGS } from "../modules/recognition/default-mapping";

const sql = /* sql */ `
create table recognition_mapping (
  field_set   text primary key,
  mapping     jsonb not null,
  updated_by  integer references app_user (id) on delete set null,
  updated_on  timestamptz not null default now(),
  constraint recognition_mapping_field_set check (field_set in ('wdpa16', 'wdpca2025'))
);

alter table download_log drop constraint download_log_export_shape;
alter table download_log add constraint download_log_export_shape check (
  source_type <> 'ccaData'
  or (type in ('csv', 'xlsx', 'geojson', 'gpkg', 'shp') and short_name is not null and filter_url is not null and notes is not null and char_length(notes) between 1 and 200)
);
`;

/** The demo master template's defaults (an existing mapping is kept). */
export async function installDefaultMappings(tx: Queryable): Promise<void> {
  for (const [fieldSet, mapping] of Object.entries(DEFAULT_MAPPINGS)) {
    await tx.query(`insert into recognition_mapping (field_set, mapping) values ($1, $2::jsonb) on conflict (field_set) do nothing`, [fieldSet, JSON.stringify(mapping)]);
  }
}

export default sql;
