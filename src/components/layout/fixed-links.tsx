import dynamic from "next/dynamic";
import useTranslation from "@/lib/i18n/use-translation";
import { ROLES } from "@site-config";
import type { SessionUser } from "@/contracts/user";
import { hasAccess } from "@/shared/access";
import { groupHref } from "@/lib/group-link";
import { NavLink } from "./nav-link";

export interface FixedLink {
  /** Translation key (namespace included). */
  labelKey: string;
  path: string;
  access: readonly string[];
  /** Still shown in preview mode. */
  preview: boolean;
}

// "Review (N)" asks the platform for its count: signed-in visitors only, after hydration.
const ReviewLink = dynamic(() => import("./review-link"), { ssr: false, loading: () => null });

export const FIXED_LINKS: readonly FixedLink[] = [
  { labelKey: "header:links.participate", path: "/participate/list", access: [ROLES.ANY], preview: true },
  { labelKey: "header:links.templates", path: "/template/list", access: [ROLES.ADMIN, ROLES.TEMPLATECURATOR], preview: false },
];

/** Links the user may see: allowed by role, and marked for preview when preview mode is on. */
export function visibleFixedLinks(
  links: readonly FixedLink[],
  user: Pick<SessionUser, "roles"> | null,
  preview: boolean,
): FixedLink[] {
  return links.filter((link) => hasAccess(link.access, user) && (!preview || link.preview));
}

interface FixedLinksProps {
  user: SessionUser | null;
  preview: boolean;
  linkPrefix: string;
  /** "row" in the desktop bar, "list" in the mobile menu. */
  variant?: "row" | "list";
}

export function FixedLinks({ user, preview, linkPrefix, variant = "row" }: FixedLinksProps) {
  const { t } = useTranslation();
  const links = visibleFixedLinks(FIXED_LINKS, user, preview);
  if (links.length === 0) return null;
  return (
    <ul className={variant === "row" ? "cca-list cca-navbar__row" : "cca-list"}>
      {links.map((link) => (
        <li key={link.path}>
          <NavLink href={groupHref(linkPrefix, link.path)}>{t(link.labelKey)}</NavLink>
        </li>
      ))}
      {user && !preview ? <ReviewLink user={user} linkPrefix={linkPrefix} /> : null}
    </ul>
  );
}
