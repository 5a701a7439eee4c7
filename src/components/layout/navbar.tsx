import NextLink from "next/link";
import useTranslation from "@/lib/i18n/use-translation";
import { useCallback, useEffect, useRef, useState } from "react";
import SITE_CONFIG from "@site-config";
import { CloseIcon, MenuIcon } from "@/components/ui/icons";
import { FixedLinks } from "./fixed-links";
import { GroupsDropdown } from "./groups-dropdown";
import type { LayoutData } from "../../contracts/layout";
import { LanguageSwitcher } from "./language-switcher";
import { MobileMenu } from "./mobile-menu";
import { NavbarPages } from "./navbar-pages";
import { NavbarSearch } from "./navbar-search";
import { usePreviewMode, useRouteChangeStart } from "./router-hooks";
import { UserMenu } from "./user-menu";

const MOBILE_MENU_ID = "navbar-mobile-menu";

/** Fixed top bar: logo, search, navbar pages, fixed links, microsites, language, account. */
export function Navbar({ data }: { data: LayoutData }) {
  const { t, lang } = useTranslation();
  const preview = usePreviewMode();
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useRouteChangeStart(useCallback(() => setMobileOpen(false), []));

  useEffect(() => {
    if (!mobileOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMobileOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [mobileOpen]);

  const prefix = data.currentGroup.linkPrefix;
  const siteTitle = lang === "hi" ? SITE_CONFIG.SITE.TITLE.hi : SITE_CONFIG.SITE.TITLE.en;

  return (
    <>
      <nav className="cca-navbar" aria-label={t("header:navbar.label")}>
        <div className="cca-navbar__bar">
          <button
            ref={toggleRef}
            type="button"
            className="cca-icon-btn cca-mobile-only"
            aria-label={t(mobileOpen ? "header:navbar.close_menu" : "header:navbar.open_menu")}
            aria-expanded={mobileOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
          <NextLink href="/" className="cca-navbar__logo">
            {/* eslint-disable-next-line @next/next/no-img-element -- small fixed-size logos; images.unoptimized is on, so next/image would only add weight */}
            <img src={SITE_CONFIG.SITE.ICON} alt={siteTitle} height={40} />
          </NextLink>
          <div className="cca-navbar__items cca-desktop-only">
            <NavbarSearch linkPrefix={prefix} />
            <NavbarPages pages={data.navbarPages} linkPrefix={prefix} />
            <FixedLinks user={data.user} preview={preview} linkPrefix={prefix} />
            {data.features.userGroups ? <GroupsDropdown groups={data.groups} linkPrefix={data.currentGroup.linkPrefix} /> : null}
            {data.features.languageSwitcher && !preview ? <LanguageSwitcher /> : null}
            {!preview ? <UserMenu user={data.user} linkPrefix={prefix} /> : null}
          </div>
        </div>
        {mobileOpen ? <MobileMenu id={MOBILE_MENU_ID} data={data} preview={preview} /> : null}
      </nav>
      <div className="cca-navbar__spacer" />
    </>
  );
}
