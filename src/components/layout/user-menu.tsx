import { useSyncExternalStore } from "react";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { ROLES } from "@site-config";
import type { SessionUser } from "@/contracts/user";
import { hasAccess } from "@/shared/access";
import { LoginIcon, UserIcon } from "@/components/ui/icons";
import { groupHref } from "@/lib/group-link";
import { Dropdown } from "./dropdown";
import { forwardQuery } from "./forward-query";
import { NavLink } from "./nav-link";

/** Initials of the first and last word of a name ("Asha Devi" → "AD"), "" when blank. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string | undefined) => (word ? (Array.from(word)[0] ?? "") : "");
  return `${letter(first)}${letter(last)}`.toLocaleUpperCase();
}

function Avatar({ name }: { name: string }) {
  const text = initials(name);
  return (
    <span className="cca-avatar" aria-hidden="true">
      {text || <UserIcon />}
    </span>
  );
}

interface UserMenuProps {
  user: SessionUser | null;
  linkPrefix: string;
  /** "menu": avatar dropdown / icon link (desktop bar); "list": plain links (mobile menu). */
  variant?: "menu" | "list";
}

const STATIC_SCREENS = new Set(["/404", "/500", "/_error"]);

/**
 * The path login/logout should return to. Static screens (404, 500) are rendered once at build
 * time for every address, so their real path is only known after hydration.
 */
const noSubscription = () => () => {};

function useForwardPath(): string {
  const { asPath, pathname } = useRouter();
  // Hydrates with "/" (as rendered at build time), then re-renders with the address in the bar.
  const clientPath = useSyncExternalStore(noSubscription, () => `${window.location.pathname}${window.location.search}`, () => "/");
  return STATIC_SCREENS.has(pathname) ? clientPath : asPath;
}

/** Signed in: avatar menu with profile and sign out. Signed out: the login/register link. */
export function UserMenu({ user, linkPrefix, variant = "menu" }: UserMenuProps) {
  const { t } = useTranslation();
  const forward = forwardQuery(useForwardPath());
  const loginLabel = t("header:user.login");

  if (!user) {
    const loginHref = `${groupHref(linkPrefix, "/login")}${forward}`;
    if (variant === "list") {
      return (
        <NavLink href={loginHref}>
          <LoginIcon /> {loginLabel}
        </NavLink>
      );
    }
    return (
      <NavLink href={loginHref} className="cca-icon-btn cca-tooltip-host" aria-label={loginLabel}>
        <LoginIcon />
        <span className="cca-tooltip" aria-hidden="true">
          {loginLabel}
        </span>
      </NavLink>
    );
  }

  const profileHref = groupHref(linkPrefix, `/user/show/${user.id}`);
  const logoutHref = `${groupHref(linkPrefix, "/logout")}${forward}`;
  const items = (itemClass: string) => (
    <ul className="cca-list">
      <li>
        <NavLink href={profileHref} className={itemClass}>
          {user.name}
        </NavLink>
      </li>
      {hasAccess([ROLES.ADMIN], user) ? (
        <li>
          {/* Admin pages are global: no group prefix. */}
          <NavLink href="/admin/outbox" className={itemClass}>
            {t("header:user.outbox")}
          </NavLink>
        </li>
      ) : null}
      <li>
        <NavLink href={logoutHref} className={itemClass}>
          {t("header:user.sign_out")}
        </NavLink>
      </li>
    </ul>
  );
  if (variant === "list") return items("cca-link");
  // The name starts with the initials the button shows (WCAG 2.5.3: a voice user says what they see).
  const shownInitials = initials(user.name);
  const accountMenuLabel = shownInitials
    ? t("header:user.account_menu_initials", { initials: shownInitials, name: user.name })
    : t("header:user.account_menu", { name: user.name });
  return (
    <Dropdown label={<Avatar name={user.name} />} ariaLabel={accountMenuLabel} buttonClassName="cca-avatar-btn">
      {items("cca-dropdown__item")}
    </Dropdown>
  );
}
