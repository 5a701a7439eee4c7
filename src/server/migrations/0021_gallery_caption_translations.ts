/**
 * 0021: a page gallery's captions per language (issue 28 item 3). As with the page's own texts,
 * `page_gallery.caption` is the caption in the page's own language and `page_gallery_translation`
 * holds it in the others; image, attribution, licence and order stay shared. A caption read in a
 * language without one falls back to the other language's (API field names unchanged: `caption`).
 * The demo's two captions of the About page get their Hindi text when they are still the seed's.
 */
const sql = /* sql */ `
create table page_gallery_translation (
  gallery_id   integer not null references page_gallery (id) on delete cascade,
  language_id  integer not null,
  caption      text not null,
  updated_on   timestamptz not null default now(),
  primary key (gallery_id, language_id)
);

insert into page_gallery_translation (gallery_id, language_id, caption)
select g.id, 206, x.caption
  from page_gallery g
  join page p on p.id = g.page_id and p.language_id = 205
  join (values ('The canopy of a sacred grove', 'एक देववन की छतरी'),
               ('Banni grassland at dusk', 'साँझ के समय बन्नी घास का मैदान')) as x(english, caption)
    on g.caption = x.english and g.file_name like '/seed/gallery/%'
on conflict do nothing;
`;

export default sql;
