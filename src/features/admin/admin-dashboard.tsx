import Head from "next/head";
import NextLink from "next/link";
import useTranslation from "@/lib/i18n/use-translation";

const LINKS = [
  { href: "/admin/announcements", key: "announcements" },
  { href: "/admin/homegallery", key: "home_gallery" },
  { href: "/group/list", key: "groups" },
  { href: "/template/list", key: "templates" },
  { href: "/user/list", key: "users" },
  { href: "/admin/outbox", key: "outbox" },
  { href: "/admin/recognition", key: "recognition" },
] as const;

/** `/admin`: where an administrator finds every screen of their own. */
export function AdminDashboard() {
  const { t } = useTranslation("admin");
  return (
    <>
      <Head>
        <title>{t("admin:title")}</title>
      </Head>
      <div className="cca-home-container cca-home-body">
        <h1 className="cca-page-title cca-home-h2--spaced">{t("admin:title")}</h1>
        <ul className="cca-home-cards">
          {LINKS.map((link) => (
            <li key={link.href} className="cca-home-card">
              <h2 className="cca-home-heading">
                <NextLink href={link.href} className="cca-home-link cca-home-link--teal">
                  {t(`admin:links.${link.key}`)}
                </NextLink>
              </h2>
              <p>{t(`admin:dashboard.${link.key}`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
