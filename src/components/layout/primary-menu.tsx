import useTranslation from "@/lib/i18n/use-translation";
import type { PageTreeNode } from "@/contracts/page";
import { groupHref } from "@/lib/group-link";
import { NavLink } from "./nav-link";
import { menuPages } from "./page-tree";
import { PageLinkMenu } from "./page-link-menu";
import { PagesMenu } from "./pages-menu";

interface PrimaryMenuProps {
  pageTree: readonly PageTreeNode[];
  linkPrefix: string;
  mapsPage: boolean;
}

/** Statistics and Browse (dark buttons), page-tree menus, Maps, Users and the Pages menu, as list items. */
export function PrimaryMenuList({ pageTree, linkPrefix, mapsPage }: PrimaryMenuProps) {
  const { t } = useTranslation();
  const href = (path: string) => groupHref(linkPrefix, path);
  return (
    <ul className="cca-list cca-primary-menu__list">
      <li>
        <NavLink href={href("/chart")} className="cca-btn cca-btn--solid">
          {t("header:menu.statistics")}
        </NavLink>
      </li>
      <li>
        <NavLink href={href("/data/list")} className="cca-btn cca-btn--solid">
          {t("header:menu.browse")}
        </NavLink>
      </li>
      {menuPages(pageTree).map((page) => (
        <PageLinkMenu key={page.id} page={page} hrefOf={(pageId) => href(`/page/${pageId}`)} />
      ))}
      {mapsPage ? (
        <li>
          <NavLink href={href("/map")}>{t("header:menu.maps")}</NavLink>
        </li>
      ) : null}
      <li>
        <NavLink href={href("/user/list")}>{t("header:menu.users")}</NavLink>
      </li>
      <li>
        <PagesMenu pages={pageTree} linkPrefix={linkPrefix} />
      </li>
    </ul>
  );
}

/**
 * The main menu in the group header, from lg up. Below lg its items are part of the navbar's one
 * menu (`MobileMenu`): a phone has a single hamburger.
 */
export function PrimaryMenu(props: PrimaryMenuProps) {
  const { t } = useTranslation();
  return (
    <nav className="cca-primary-menu cca-desktop-only" aria-label={t("header:menu.label")}>
      <PrimaryMenuList {...props} />
    </nav>
  );
}
