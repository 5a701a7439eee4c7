import useTranslation from "@/lib/i18n/use-translation";
import SITE_CONFIG from "@site-config";
import type { PageTreeNode } from "@/contracts/page";
import { CameraIcon, CodeIcon, MailIcon, VideoIcon } from "@/components/ui/icons";
import { groupHref } from "@/lib/group-link";
import { selectFooterPages } from "./footer-pages";
import { NavLink } from "./nav-link";
import { leavesSite } from "./page-tree";

const SOCIAL_LINKS = [
  { key: "mail", href: SITE_CONFIG.SOCIAL.MAIL, Icon: MailIcon },
  { key: "video", href: SITE_CONFIG.SOCIAL.VIDEO, Icon: VideoIcon },
  { key: "photos", href: SITE_CONFIG.SOCIAL.PHOTOS, Icon: CameraIcon },
  { key: "code", href: SITE_CONFIG.SOCIAL.CODE, Icon: CodeIcon },
] as const;

interface FooterProps {
  pageTree: readonly PageTreeNode[];
  linkPrefix: string;
}

export function Footer({ pageTree, linkPrefix }: FooterProps) {
  const { t, lang } = useTranslation();
  const siteTitle = lang === "hi" ? SITE_CONFIG.SITE.TITLE.hi : SITE_CONFIG.SITE.TITLE.en;
  const pages = selectFooterPages(pageTree, lang);

  return (
    <footer className="cca-footer">
      <div className="cca-footer__inner">
        <div className="cca-footer__about">
          {/* eslint-disable-next-line @next/next/no-img-element -- small fixed-size logos; images.unoptimized is on, so next/image would only add weight */}
          <img className="cca-footer__logo" src={SITE_CONFIG.SITE.ICON} alt={siteTitle} height={48} />
          <p>
            <a className="cca-link" href={SITE_CONFIG.CREDIT.LINK}>
              {t("common:footer.powered_by", { name: SITE_CONFIG.CREDIT.NAME, version: SITE_CONFIG.VERSION })}
            </a>
          </p>
          <p>
            <a className="cca-link" href={SITE_CONFIG.LICENSE.LINK} rel="license">
              {t("common:footer.license", { license: SITE_CONFIG.LICENSE.NAME })}
            </a>
          </p>
          <ul className="cca-list cca-footer__social" aria-label={t("common:footer.social_label")}>
            {SOCIAL_LINKS.map(({ key, href, Icon }) => (
              <li key={key}>
                <a href={href} aria-label={t(`common:footer.social.${key}`)}>
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {pages.length > 0 ? (
          <nav aria-label={t("common:footer.pages_label")}>
            <ul className="cca-list cca-footer__pages">
              {pages.map((page) => (
                <li key={page.id}>
                  <NavLink href={groupHref(linkPrefix, `/page/show/${page.id}`)} external={leavesSite(page)}>
                    {page.title}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </footer>
  );
}
