import useTranslation from "@/lib/i18n/use-translation";
import { groupHref } from "@/lib/group-link";
import { FixedLinks } from "./fixed-links";
import type { LayoutData } from "../../contracts/layout";
import { LanguageSwitcher } from "./language-switcher";
import { NavLink } from "./nav-link";
import { NavbarPages } from "./navbar-pages";
import { NavbarSearch } from "./navbar-search";
import { PrimaryMenuList } from "./primary-menu";
import { UserMenu } from "./user-menu";

interface MobileMenuProps {
  id: string;
  data: LayoutData;
  preview: boolean;
}

/**
 * Below lg, the one menu of the page: the group header's main menu (Statistics, Browse, the page
 * tree, Maps, Users, Pages) and the navbar's items, stacked under the bar. Mounted only while open.
 */
export function MobileMenu({ id, data, preview }: MobileMenuProps) {
  const { t } = useTranslation();
  const prefix = data.currentGroup.linkPrefix;
  return (
    <div id={id} className="cca-mobile-menu cca-mobile-only">
      <NavbarSearch linkPrefix={prefix} fullWidth />
      <PrimaryMenuList pageTree={data.pageTree} linkPrefix={prefix} mapsPage={data.features.mapsPage} />
      {data.navbarPages.length > 0 ? <NavbarPages pages={data.navbarPages} linkPrefix={prefix} variant="list" /> : null}
      <FixedLinks user={data.user} preview={preview} linkPrefix={prefix} variant="list" />
      {data.features.userGroups ? <NavLink href={groupHref(data.currentGroup.linkPrefix, "/group/list")}>{t("header:groups.trigger")}</NavLink> : null}
      {data.features.languageSwitcher && !preview ? (
        <div>
          <LanguageSwitcher />
        </div>
      ) : null}
      {!preview ? <UserMenu user={data.user} linkPrefix={prefix} variant="list" /> : null}
    </div>
  );
}
