/**
 * 0003: group membership. Members with their per-group role (member, founder, moderator: not global
 * roles, never in the token) and the join requests of closed groups, one per user and group.
 */
const sql = /* sql */ `
create table user_group_member (
  user_group_id integer not null references user_group (id) on delete cascade,
  user_id       integer not null references app_user (id) on delete cascade,
  role          text not null default 'member',
  created_on    timestamptz not null default now(),
  primary key (user_group_id, user_id),
  constraint user_group_member_role_value check (role in ('member', 'founder', 'moderator'))
);
create index user_group_member_user_idx on user_group_member (user_id);

create table user_group_join_request (
  user_group_id integer not null references user_group (id) on delete cascade,
  user_id       integer not null references app_user (id) on delete cascade,
  created_on    timestamptz not null default now(),
  constraint user_group_join_request_key unique (user_group_id, user_id)
);
create index user_group_join_request_user_idx on user_group_join_request (user_id);
`;

export default sql;
