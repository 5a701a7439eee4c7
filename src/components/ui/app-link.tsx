import { Link as ChakraLink, type LinkProps as ChakraLinkProps } from "@chakra-ui/react";
import NextLink from "next/link";
import { forwardRef } from "react";

/** True for `https://…`, `mailto:…` and other URLs with a scheme (or protocol-relative `//…`). */
export function isAbsoluteUrl(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//");
}

export interface AppLinkProps extends Omit<ChakraLinkProps, "href" | "asChild"> {
  href: string;
  prefetch?: boolean;
}

/**
 * A styled link: client-side navigation (next/link) for same-site paths, a plain anchor for
 * absolute URLs.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(
  { href, prefetch, children, ...rest },
  ref,
) {
  if (isAbsoluteUrl(href)) {
    return (
      <ChakraLink ref={ref} href={href} {...rest}>
        {children}
      </ChakraLink>
    );
  }
  return (
    <ChakraLink asChild ref={ref} {...rest}>
      <NextLink href={href} prefetch={prefetch}>
        {children}
      </NextLink>
    </ChakraLink>
  );
});
