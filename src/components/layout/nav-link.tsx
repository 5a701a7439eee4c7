import NextLink from "next/link";
import type { AnchorHTMLAttributes, ReactNode } from "react";
import { isAbsoluteUrl } from "@/components/ui/app-link";
import { ExternalMark } from "@/components/ui/external-mark";
import { useCurrentPath } from "./router-hooks";

interface NavLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  href: string;
  children: ReactNode;
  /** The link leaves the portal (a Redirect page to another site): said with an icon and hidden text. */
  external?: boolean;
}

/**
 * A chrome link: client-side navigation for same-site paths, a plain anchor for absolute URLs,
 * and aria-current="page" on the link to the current path.
 */
export function NavLink({ href, children, className = "cca-link", external = false, ...rest }: NavLinkProps) {
  const currentPath = useCurrentPath();
  const content = external ? (
    <>
      {children}
      <ExternalMark />
    </>
  ) : (
    children
  );
  if (isAbsoluteUrl(href)) {
    return (
      <a href={href} className={className} {...rest}>
        {content}
      </a>
    );
  }
  return (
    <NextLink href={href} className={className} aria-current={currentPath === href ? "page" : undefined} {...rest}>
      {content}
    </NextLink>
  );
}
