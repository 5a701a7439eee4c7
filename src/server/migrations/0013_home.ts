/**
 * 0013: the configurable home of the site and of each group (reference §4.8), and announcements.
 *
 * - `home_page`: the switches and description of one home; `group_key` 0 is the main site, any other
 *   value a `user_group.id` (no foreign key, so the site needs no group row).
 * - `home_mini_gallery` (+ `_translation`): the mini galleries of a home (their title per language).
 * - `home_slide` (+ `_translation`): slides of the main gallery (`mini_gallery_id` null) or of a mini
 *   gallery; image, link and colours are shared by every language, title / description (sanitised HTML)
 *   / "read more" per language, English (205) being every other language's fallback.
 * - `announcement` (+ `_translation`): site-wide banners, HTML per language.
 */
const sql = /* sql */ `
create table home_page (
  group_key      integer primary key,
  show_gallery   boolean not null default true,
  show_stats     boolean not null default true,
  show_desc      boolean not null default true,
  show_partners  boolean not null default false,
  description    text not null default '',
  updated_on     timestamptz not null default now()
);

create table home_mini_gallery (
  id               serial primary key,
  group_key        integer not null,
  slides_per_view  integer not null default 1 check (slides_per_view between 1 and 6),
  is_vertical      boolean not null default false,
  is_active        boolean not null default true,
  created_on       timestamptz not null default now()
);
create index home_mini_gallery_group_idx on home_mini_gallery (group_key, id);

create table home_mini_gallery_translation (
  mini_gallery_id  integer not null references home_mini_gallery (id) on delete cascade,
  language_id      integer not null,
  title            text not null,
  primary key (mini_gallery_id, language_id)
);

create table home_slide (
  id                  serial primary key,
  group_key           integer not null,
  mini_gallery_id     integer references home_mini_gallery (id) on delete cascade,
  file_name           text,
  more_links          text,
  read_more_ui_type   text not null default 'button_with_arrow',
  gallery_sidebar     text not null default 'translucent',
  color               text,
  bg_color            text,
  is_active           boolean not null default true,
  display_order       integer not null default 0,
  author_id           integer,
  created_on          timestamptz not null default now(),
  updated_on          timestamptz not null default now()
);
create index home_slide_gallery_idx on home_slide (group_key, mini_gallery_id, display_order, id);
create index home_slide_mini_idx on home_slide (mini_gallery_id) where mini_gallery_id is not null;

create table home_slide_translation (
  slide_id        integer not null references home_slide (id) on delete cascade,
  language_id     integer not null,
  title           text not null default '',
  description     text not null default '',
  read_more_text  text not null default '',
  primary key (slide_id, language_id)
);

create table announcement (
  id          serial primary key,
  enabled     boolean not null default true,
  color       text not null,
  bg_color    text not null,
  author_id   integer,
  created_on  timestamptz not null default now(),
  updated_on  timestamptz not null default now()
);
create index announcement_enabled_idx on announcement (id) where enabled;

create table announcement_translation (
  announcement_id  integer not null references announcement (id) on delete cascade,
  language_id      integer not null,
  description      text not null,
  primary key (announcement_id, language_id)
);
`;

export default sql;
