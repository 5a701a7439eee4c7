import Head from "next/head";
import { useRouter } from "next/router";
import SITE_CONFIG from "@site-config";
import type { LayoutData } from "../../contracts/layout";

/** The origin a screen belongs to: a group's own domain, else the site's address. */
function originOf(data: LayoutData): string {
  const group = data.currentGroup;
  if (group.id !== null && group.linkPrefix === "" && /^https?:\/\//.test(group.webAddress)) return new URL(group.webAddress).origin;
  return data.siteUrl.replace(/\/+$/, "");
}

/** `rel=canonical` (the address without its query) and one `hreflang` alternate per language, on every screen. */
export function CanonicalLinks({ data }: { data: LayoutData }) {
  const { asPath, locale } = useRouter();
  const origin = originOf(data);
  if (!origin) return null;
  const path = asPath.split(/[?#]/)[0] || "/";
  const url = (code: string) => {
    const prefix = code === SITE_CONFIG.LANG.DEFAULT ? "" : `/${code}`;
    return `${origin}${prefix}${path === "/" && prefix ? "" : path}`;
  };
  return (
    <Head>
      <link rel="canonical" key="canonical" href={url(locale ?? SITE_CONFIG.LANG.DEFAULT)} />
      {SITE_CONFIG.LANG.LIST.map((l) => (
        <link key={`alternate-${l.code}`} rel="alternate" hrefLang={l.code} href={url(l.code)} />
      ))}
      <link key="alternate-default" rel="alternate" hrefLang="x-default" href={url(SITE_CONFIG.LANG.DEFAULT)} />
    </Head>
  );
}
