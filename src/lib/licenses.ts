import SITE_CONFIG from "@site-config";

const { LICENSES } = SITE_CONFIG;

/** Licence id → key of its translated name in `page:license_names` (spec §3: ids 821–828). */
export const LICENSE_KEYS: Readonly<Record<number, string>> = {
  [LICENSES.UNSPECIFIED]: "unspecified",
  [LICENSES.PUBLIC_DOMAIN]: "public_domain",
  [LICENSES.BY]: "by",
  [LICENSES.BY_SA]: "by_sa",
  [LICENSES.BY_ND]: "by_nd",
  [LICENSES.BY_NC]: "by_nc",
  [LICENSES.BY_NC_SA]: "by_nc_sa",
  [LICENSES.BY_NC_ND]: "by_nc_nd",
};

/** Every licence id in the order a picker lists them (unspecified first). */
export const LICENSE_IDS: readonly number[] = [
  LICENSES.UNSPECIFIED,
  LICENSES.PUBLIC_DOMAIN,
  LICENSES.BY,
  LICENSES.BY_SA,
  LICENSES.BY_ND,
  LICENSES.BY_NC,
  LICENSES.BY_NC_SA,
  LICENSES.BY_NC_ND,
];

/** Translation key of a licence's name (`page:license_names.by_sa`), or null for an unknown or missing id. */
export function licenseNameKey(id: number | null | undefined): string | null {
  if (id === null || id === undefined) return null;
  const key = LICENSE_KEYS[id];
  return key ? `page:license_names.${key}` : null;
}
