/**
 * 0017: one download log. Data exports (0012, `download_log`) and document downloads (0014,
 * `document_download_log`) were two tables for one thing; the document rows move into `download_log`
 * (`source_type` 'document', the file in `file_path`, the document in `document_id`) and the second
 * table goes. Each source keeps its own shape through a check; the list is read newest first, per user
 * or for everyone, optionally of one source (the indexes below).
 */
const sql = /* sql */ `
alter table download_log
  add column file_path text,
  add column document_id integer references document (id) on delete set null,
  alter column short_name drop not null,
  alter column notes drop not null,
  alter column filter_url drop not null,
  drop constraint download_log_type_value,
  drop constraint download_log_notes_length;

alter table download_log
  add constraint download_log_source_value check (source_type in ('ccaData', 'document')),
  add constraint download_log_export_shape check (
    source_type <> 'ccaData'
    or (type in ('csv', 'xlsx', 'geojson') and short_name is not null and filter_url is not null and notes is not null and char_length(notes) between 1 and 200)
  ),
  add constraint download_log_document_shape check (
    source_type <> 'document'
    or (file_path is not null and char_length(type) <= 20 and (notes is null or char_length(notes) <= 1000))
  );

insert into download_log (user_id, source_type, type, notes, filter_url, status, file_path, document_id, created_on, updated_on)
select l.user_id, 'document', left(l.file_type, 20), nullif(left(l.notes, 1000), ''), l.filter_url,
       case when l.status in ('pending', 'running', 'success', 'failed') then l.status else 'success' end,
       l.file_path,
       (select min(d.id) from document d
         where d.file_path = case when l.file_path like '/files-api/api/get/raw/myUploads/%'
                                  then substr(l.file_path, char_length('/files-api/api/get/raw/myUploads') + 1)
                                  else l.file_path end),
       l.created_on, l.created_on
  from document_download_log l
 order by l.created_on, l.id;

drop table document_download_log;

drop index download_log_user_idx;
create index download_log_user_idx on download_log (user_id, created_on desc, id desc);
create index download_log_created_idx on download_log (created_on desc, id desc);
create index download_log_source_idx on download_log (source_type, created_on desc, id desc);
create index download_log_user_source_idx on download_log (user_id, source_type, created_on desc, id desc);
`;

export default sql;
