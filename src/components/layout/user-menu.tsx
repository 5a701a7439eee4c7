import { Avatar, Box, Button, IconButton, Menu, Portal, Tooltip } from "@chakra-ui/react";
import NextLink from "next/link";
import { useRouter } from "next/router";
import useTranslation from "next-translate/useTranslation";
import type { SessionUser } from "@/contracts/user";
import { AppLink } from "@/components/ui/app-link";
import { LoginIcon } from "@/components/ui/icons";
import { groupHref } from "@/lib/group-link";
import { forwardQuery } from "./forward-query";

interface UserMenuProps {
  user: SessionUser | null;
  linkPrefix: string;
  /** "menu": avatar menu / icon link (desktop bar); "list": plain links (mobile menu). */
  variant?: "menu" | "list";
}

/** Signed in: avatar menu with profile and sign out. Signed out: the login/register link. */
export function UserMenu({ user, linkPrefix, variant = "menu" }: UserMenuProps) {
  const { t } = useTranslation();
  const { asPath } = useRouter();
  const forward = forwardQuery(asPath);
  const loginHref = `${groupHref(linkPrefix, "/login")}${forward}`;
  const logoutHref = `${groupHref(linkPrefix, "/logout")}${forward}`;
  const loginLabel = t("header:user.login");

  if (!user) {
    if (variant === "list") {
      return (
        <AppLink href={loginHref} display="flex" alignItems="center" gap="2" py="2" fontWeight="medium">
          <LoginIcon size="1.25em" />
          {loginLabel}
        </AppLink>
      );
    }
    return (
      <Tooltip.Root lazyMount unmountOnExit openDelay={100} closeDelay={300}>
        <Tooltip.Trigger asChild>
          <IconButton asChild variant="ghost" size="md" aria-label={loginLabel}>
            <NextLink href={loginHref}>
              <LoginIcon size="1.5em" />
            </NextLink>
          </IconButton>
        </Tooltip.Trigger>
        <Portal>
          <Tooltip.Positioner>
            <Tooltip.Content>{loginLabel}</Tooltip.Content>
          </Tooltip.Positioner>
        </Portal>
      </Tooltip.Root>
    );
  }

  const profileHref = groupHref(linkPrefix, `/user/show/${user.id}`);
  if (variant === "list") {
    return (
      <Box as="ul" listStyleType="none">
        <li>
          <AppLink href={profileHref} display="flex" alignItems="center" gap="2" py="2" fontWeight="medium">
            <Avatar.Root size="xs" aria-hidden="true">
              <Avatar.Fallback name={user.name} />
            </Avatar.Root>
            {user.name}
          </AppLink>
        </li>
        <li>
          <AppLink href={logoutHref} display="block" py="2">
            {t("header:user.sign_out")}
          </AppLink>
        </li>
      </Box>
    );
  }

  return (
    <Menu.Root lazyMount unmountOnExit positioning={{ placement: "bottom-end" }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="1" rounded="full" aria-label={t("header:user.account_menu", { name: user.name })}>
          <Avatar.Root size="sm" colorPalette="teal">
            <Avatar.Fallback name={user.name} />
          </Avatar.Root>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="12rem">
            <Menu.Item value="profile" asChild>
              <NextLink href={profileHref}>{user.name}</NextLink>
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" asChild>
              <NextLink href={logoutHref}>{t("header:user.sign_out")}</NextLink>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
