import NextLink from "next/link";
import useTranslation from "next-translate/useTranslation";
import { useCallback, useState } from "react";
import SITE_CONFIG from "@site-config";
import { CloseIcon, EditIcon, MenuIcon, PlusIcon } from "@/components/ui/icons";
import { groupHref } from "@/lib/group-link";
import type { LayoutData } from "./layout-types";
import { PrimaryMenu } from "./primary-menu";
import { useCurrentPath, useRouteChangeStart } from "./router-hooks";
import { useJoinGroup } from "./use-join-group";

const PRIMARY_MENU_ID = "primary-menu";

interface GroupHeaderProps {
  data: LayoutData;
}

/** Group logo and name, group actions, and the primary menu with its toggle below lg. */
export function GroupHeader({ data }: GroupHeaderProps) {
  const { t, lang } = useTranslation();
  const currentPath = useCurrentPath();
  const [menuOpen, setMenuOpen] = useState(false);
  useRouteChangeStart(useCallback(() => setMenuOpen(false), []));

  const group = data.currentGroup;
  const isGroup = group.id !== null;
  const prefix = group.linkPrefix;
  const siteTitle = lang === "hi" ? SITE_CONFIG.SITE.TITLE.hi : SITE_CONFIG.SITE.TITLE.en;
  const actions = isGroup ? data.groupActions : undefined;
  const canJoin = actions?.canJoin === true;
  const canCreatePages = actions?.canCreatePages === true;
  const canEdit = actions?.canEditMicrosite === true && !currentPath.endsWith("/edit");
  const { join, busy: joining } = useJoinGroup(group.id);

  return (
    <div className="cca-group-header">
      <div className="cca-group-header__inner">
        <div className="cca-group-header__top">
          <NextLink href={groupHref(prefix, "/")} className="cca-group-header__home">
            {isGroup ? (
              // eslint-disable-next-line @next/next/no-img-element -- small fixed-size logos; images.unoptimized is on, so next/image would only add weight
              <img className="cca-group-header__logo" src={group.icon} alt="" />
            ) : null}
            <span>
              {isGroup && group.nameLocal ? <span className="cca-group-header__local">{group.nameLocal}</span> : null}
              <span className="cca-group-header__name">{isGroup ? group.name : siteTitle}</span>
            </span>
          </NextLink>
          <button
            type="button"
            className="cca-icon-btn cca-icon-btn--outline cca-mobile-only"
            aria-label={t("header:menu.toggle")}
            aria-expanded={menuOpen}
            aria-controls={PRIMARY_MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
        {canJoin || canCreatePages || canEdit ? (
          <div className="cca-group-header__actions">
            {canJoin ? (
              <button type="button" className="cca-btn cca-btn--green" onClick={() => void join()} disabled={joining} aria-busy={joining}>
                <PlusIcon />
                {t("header:group.join")}
              </button>
            ) : null}
            {canCreatePages ? (
              <NextLink href={groupHref(prefix, "/page/create")} className="cca-btn cca-btn--green">
                <PlusIcon />
                {t("header:group.create_pages")}
              </NextLink>
            ) : null}
            {canEdit ? (
              <NextLink href={groupHref(prefix, "/edit")} className="cca-btn cca-btn--solid">
                <EditIcon />
                {t("header:group.edit")}
              </NextLink>
            ) : null}
          </div>
        ) : null}
        <PrimaryMenu id={PRIMARY_MENU_ID} open={menuOpen} pageTree={data.pageTree} linkPrefix={prefix} mapsPage={data.features.mapsPage} />
      </div>
    </div>
  );
}
