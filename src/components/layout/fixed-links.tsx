import { Flex } from "@chakra-ui/react";
import useTranslation from "next-translate/useTranslation";
import { ROLES } from "@site-config";
import type { SessionUser } from "@/contracts/user";
import { AppLink } from "@/components/ui/app-link";
import { hasAccess } from "@/lib/auth/access";
import { groupHref } from "@/lib/group-link";
import { useCurrentPath } from "./router-hooks";

export interface FixedLink {
  /** Translation key in the header namespace. */
  labelKey: string;
  path: string;
  access: readonly string[];
  /** Still shown in preview mode. */
  preview: boolean;
}

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
  direction?: "row" | "column";
}

export function FixedLinks({ user, preview, linkPrefix, direction = "row" }: FixedLinksProps) {
  const { t } = useTranslation();
  const currentPath = useCurrentPath();
  const links = visibleFixedLinks(FIXED_LINKS, user, preview);
  if (links.length === 0) return null;
  return (
    <Flex as="ul" direction={direction} align={direction === "row" ? "center" : "stretch"} gap="1" listStyleType="none">
      {links.map((link) => {
        const href = groupHref(linkPrefix, link.path);
        return (
          <li key={link.path}>
            <AppLink
              href={href}
              aria-current={currentPath === href ? "page" : undefined}
              display="block"
              px={direction === "row" ? "2" : "0"}
              py={direction === "row" ? "1" : "2"}
              fontSize={direction === "row" ? "sm" : "md"}
              fontWeight="medium"
              whiteSpace="nowrap"
            >
              {t(link.labelKey)}
            </AppLink>
          </li>
        );
      })}
    </Flex>
  );
}
