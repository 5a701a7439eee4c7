/**
 * 0020: sessions end when they should (issue 27 item 12). `app_user.token_version` is carried in every
 * token (`ver`) and checked on each authenticated request; signing out everywhere, a password change or
 * reset, disabling and deleting bump it, so every token issued before stops working at once. Each
 * sign-in starts a refresh-token family (`refresh_token.family`, carried as `sid` in both tokens): a
 * refresh token used again after its grace revokes its whole family, and signing out revokes the
 * family of the session, its access token included.
 */
const sql = /* sql */ `
alter table app_user add column token_version integer not null default 0;

alter table refresh_token add column family text;
update refresh_token set family = jti where family is null;
alter table refresh_token alter column family set not null;
create index refresh_token_family_idx on refresh_token (family);
`;

export default sql;
