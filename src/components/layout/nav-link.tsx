import NextLink from "next/link";
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { isAbsoluteUrl } from "@/components/ui/app-link";
import { useCurrentPath } from "./router-hooks";

interface NavLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  href: string;
  children: ReactNode;
}

/**
 * A chrome link: client-side navigation for same-site paths, a plain anchor for absolute URLs,
 * and aria-current="page" on the link to the current path.
 */
export function NavLink({ href, children, className = "cca-link", ...rest }: NavLinkProps) {
  const currentPath = useCurrentPath();
  if (isAbsoluteUrl(href)) {
    return (
      <a href={href} className={className} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <NextLink href={href} className={className} aria-current={currentPath === href ? "page" : undefined} {...rest}>
      {children}
    </NextLink>
  );
}
