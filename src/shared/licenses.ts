import SITE_CONFIG from "@site-config";

const { LICENSES } = SITE_CONFIG;

/** One licence of the platform (spec §3 ids 821–828, reference §3.11 `DETAILEDLICENSES`). */
export interface License {
  id: number;
  /** Key of its translated name in `page:license_names`. */
  key: string;
  /** The platform's name, as `resources-api/api/v1/license/all` answers it (reference `DETAILEDLICENSES`). */
  name: string;
  /** The licence text; null for "unspecified". */
  url: string | null;
}

/** The one licence list, in the order a picker lists them (unspecified first). */
export const LICENSE_LIST: readonly License[] = [
  { id: LICENSES.UNSPECIFIED, key: "unspecified", name: "UNSPECIFIED", url: null },
  { id: LICENSES.PUBLIC_DOMAIN, key: "public_domain", name: "CC_PUBLIC_DOMAIN", url: "https://creativecommons.org/publicdomain/zero/1.0/" },
  { id: LICENSES.BY, key: "by", name: "CC_BY", url: "https://creativecommons.org/licenses/by/4.0/" },
  { id: LICENSES.BY_SA, key: "by_sa", name: "CC_BY_SA", url: "https://creativecommons.org/licenses/by-sa/4.0/" },
  { id: LICENSES.BY_ND, key: "by_nd", name: "CC_BY_ND", url: "https://creativecommons.org/licenses/by-nd/4.0/" },
  { id: LICENSES.BY_NC, key: "by_nc", name: "CC_BY_NC", url: "https://creativecommons.org/licenses/by-nc/4.0/" },
  { id: LICENSES.BY_NC_SA, key: "by_nc_sa", name: "CC_BY_NC_SA", url: "https://creativecommons.org/licenses/by-nc-sa/4.0/" },
  { id: LICENSES.BY_NC_ND, key: "by_nc_nd", name: "CC_BY_NC_ND", url: "https://creativecommons.org/licenses/by-nc-nd/4.0/" },
];

/** Licence id → key of its translated name in `page:license_names`. */
export const LICENSE_KEYS: Readonly<Record<number, string>> = Object.fromEntries(LICENSE_LIST.map((l) => [l.id, l.key]));

/** Every licence id in the order a picker lists them (unspecified first). */
export const LICENSE_IDS: readonly number[] = LICENSE_LIST.map((l) => l.id);

/** Translation key of a licence's name (`page:license_names.by_sa`), or null for an unknown or missing id. */
export function licenseNameKey(id: number | null | undefined): string | null {
  if (id === null || id === undefined) return null;
  const key = LICENSE_KEYS[id];
  return key ? `page:license_names.${key}` : null;
}

/** The licence of a platform name (`CC_PUBLIC_DOMAIN`), or null for a name the portal does not know. */
export function licenseByName(name: string | null | undefined): License | null {
  return LICENSE_LIST.find((l) => l.name === name) ?? null;
}
