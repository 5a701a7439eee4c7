import { Flex, IconButton, Menu, Portal } from "@chakra-ui/react";
import NextLink from "next/link";
import useTranslation from "next-translate/useTranslation";
import type { PageTreeNode } from "@/contracts/page";
import { AppLink } from "@/components/ui/app-link";
import { ChevronDownIcon } from "@/components/ui/icons";
import { flattenPages } from "./page-tree";
import { useCurrentPath } from "./router-hooks";

interface PageLinkMenuProps {
  page: PageTreeNode;
  /** Link of a page id (group-prefixed by the caller). */
  hrefOf: (id: number) => string;
}

/**
 * A page as a link; when it has children, a separate labelled chevron button opens a menu of
 * them (two sibling controls, never one nested in the other).
 */
export function PageLinkMenu({ page, hrefOf }: PageLinkMenuProps) {
  const { t } = useTranslation();
  const currentPath = useCurrentPath();
  const href = hrefOf(page.id);
  return (
    <Flex as="li" align="center" listStyleType="none">
      <AppLink
        href={href}
        aria-current={currentPath === href ? "page" : undefined}
        px="2"
        py="1"
        fontWeight="medium"
        fontSize="sm"
        whiteSpace="nowrap"
      >
        {page.title}
      </AppLink>
      {page.children.length > 0 ? (
        <Menu.Root lazyMount unmountOnExit positioning={{ placement: "bottom-end" }}>
          <Menu.Trigger asChild>
            <IconButton size="2xs" variant="ghost" aria-label={t("header:pages.show_subpages", { title: page.title })}>
              <ChevronDownIcon />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content maxH="18.5rem" overflowY="auto">
                {flattenPages(page.children).map(({ page: child, depth }) => (
                  <Menu.Item key={child.id} value={String(child.id)} asChild>
                    <NextLink href={hrefOf(child.id)} style={{ paddingInlineStart: `${0.5 + depth}rem` }}>
                      {child.title}
                    </NextLink>
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      ) : null}
    </Flex>
  );
}
