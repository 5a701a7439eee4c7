import { Box, Flex } from "@chakra-ui/react";
import type { PageTreeNode } from "@/contracts/page";
import { AppLink } from "@/components/ui/app-link";
import { groupHref } from "@/lib/group-link";
import { flattenPages } from "./page-tree";
import { PageLinkMenu } from "./page-link-menu";

interface NavbarPagesProps {
  pages: readonly PageTreeNode[];
  linkPrefix: string;
  /** "menu": link + chevron menus (desktop bar); "list": every page as a plain indented link (mobile). */
  variant?: "menu" | "list";
}

/** The children of navbar page 5965, linking `/page/{id}` (group-prefixed). */
export function NavbarPages({ pages, linkPrefix, variant = "menu" }: NavbarPagesProps) {
  const hrefOf = (id: number) => groupHref(linkPrefix, `/page/${id}`);
  if (pages.length === 0) return null;
  if (variant === "list") {
    return (
      <Box as="ul" listStyleType="none">
        {flattenPages(pages).map(({ page, depth }) => (
          <li key={page.id}>
            <AppLink href={hrefOf(page.id)} display="block" py="2" ps={`${depth}rem`} fontWeight={depth === 0 ? "semibold" : "normal"}>
              {page.title}
            </AppLink>
          </li>
        ))}
      </Box>
    );
  }
  return (
    <Flex as="ul" align="center" gap="1" listStyleType="none">
      {pages.map((page) => (
        <PageLinkMenu key={page.id} page={page} hrefOf={hrefOf} />
      ))}
    </Flex>
  );
}
