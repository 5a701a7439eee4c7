import { Badge, Box, Button, Container, Grid, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import { Modal } from "@/components/ui/modal";
import Head from "next/head";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import { ROLES } from "@site-config";
import type { UserProfile } from "@/contracts/user";
import type { LayoutData } from "@/contracts/layout";
import { AppLink } from "@/components/ui/app-link";
import { notify } from "@/components/ui/toaster";
import { UserAvatar } from "@/components/ui/user-avatar";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { apiErrorMessage } from "@/lib/api/error-message";
import { deleteUser } from "@/lib/api/users";
import { hasAccess } from "@/shared/access";
import { useSession } from "@/components/auth/session-context";
import { groupHref } from "@/lib/group-link";
import { ProfileTabs } from "./profile-tabs";
import { roleKey } from "./user-list-query";
import type { UserShowProps } from "./user-show.ssr";
import { dateTimeFormat } from "@/shared/format/intl";

/** "12 March 2024" in the visitor's language; UTC so the server and the browser agree. */
export function formatDate(iso: string | null, lang: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return dateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(date);
}

function Detail({ label, wide = false, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <Box gridColumn={wide ? { sm: "span 2" } : undefined}>
      <Text as="dt" fontSize="sm" fontWeight="semibold" color="gray.600">
        {label}
      </Text>
      <Box as="dd" m={0} whiteSpace="pre-line" overflowWrap="anywhere">
        {children}
      </Box>
    </Box>
  );
}

function DeleteUserButton({ profile, listHref }: { profile: UserProfile; listHref: string }) {
  const { t } = useTranslation();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await deleteUser(await loadBrowserClient(), profile.id);
      setOpen(false);
      notify.success(t("user:delete.success"));
      void router.push(listHref);
    } catch (error) {
      notify.error(t("user:delete.error"), apiErrorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button colorPalette="red" variant="outline" size="sm" onClick={() => setOpen(true)}>
        {t("user:delete.button")}
      </Button>
      <Modal
        role="alertdialog"
        open={open}
        onClose={() => setOpen(false)}
        closeOnOutsideClick
        title={t("user:delete.title", { name: profile.name })}
        description={t("user:delete.confirm")}
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t("common:actions.cancel")}
            </Button>
            <Button colorPalette="red" onClick={remove} loading={busy}>
              {t("user:delete.submit")}
            </Button>
          </>
        }
      />
    </>
  );
}

/** /user/show/{id}: a member's profile; contact details only when the platform sends them (self or admin). */
export function UserShowScreen({ profile, layout }: UserShowProps & { layout: LayoutData }) {
  const { t, lang } = useTranslation();
  const { user: viewer } = useSession();
  const prefix = layout.currentGroup.linkPrefix;
  const isAdmin = hasAccess([ROLES.ADMIN], viewer);
  const isSelf = viewer?.id === profile.id;
  const memberSince = formatDate(profile.dateCreated, lang);
  const website = profile.website && /^https?:\/\//i.test(profile.website) ? profile.website : null;

  return (
    <>
      <Head>
        <title>{profile.name}</title>
      </Head>
      <Container maxW="5xl" py={{ base: 6, md: 10 }}>
        <Grid templateColumns={{ base: "minmax(0, 1fr)", md: "16rem minmax(0, 1fr)" }} gap={8}>
          <Stack as="aside" gap={4} align={{ base: "center", md: "flex-start" }} textAlign={{ base: "center", md: "start" }}>
            <UserAvatar name={profile.name} profilePic={profile.profilePic} size={160} />
            <PageTitle>
              {profile.name}
            </PageTitle>
            {profile.roles.length > 0 ? (
              <HStack as="ul" listStyleType="none" wrap="wrap" gap={2} aria-label={t("user:profile.roles")} justify={{ base: "center", md: "flex-start" }}>
                {profile.roles.map((role) => (
                  <Badge as="li" key={role.authority} colorPalette={role.authority === ROLES.ADMIN ? "purple" : "teal"} variant="subtle">
                    {t(`user:roles.${roleKey(role.authority)}`, undefined, { default: role.authority })}
                  </Badge>
                ))}
              </HStack>
            ) : null}
            {isSelf || isAdmin ? (
              <HStack gap={3} wrap="wrap" justify={{ base: "center", md: "flex-start" }}>
                <AppLink href={groupHref(prefix, `/user/edit/${profile.id}`)} color="teal.700" fontWeight="semibold">
                  {t("user:profile.edit")}
                </AppLink>
                {isAdmin && !isSelf ? <DeleteUserButton profile={profile} listHref={groupHref(prefix, "/user/list")} /> : null}
              </HStack>
            ) : null}
          </Stack>
          <ProfileTabs
            userId={profile.id}
            prefix={prefix}
            about={
              <Box bg="white" borderWidth="1px" borderRadius="lg" p={{ base: 5, md: 8 }}>
                <Heading as="h2" size="lg" mb={5}>
                  {t("user:profile.about")}
                </Heading>
                <Grid as="dl" templateColumns={{ base: "1fr", sm: "repeat(2, minmax(0, 1fr))" }} gap={5}>
                  {profile.aboutMe ? (
                    <Detail label={t("user:fields.bio")} wide>
                      {profile.aboutMe}
                    </Detail>
                  ) : null}
                  {profile.institution ? <Detail label={t("user:fields.institution")}>{profile.institution}</Detail> : null}
                  {profile.occupation ? <Detail label={t("user:fields.profession")}>{profile.occupation}</Detail> : null}
                  {profile.location ? <Detail label={t("user:fields.location")}>{profile.location}</Detail> : null}
                  {website ? (
                    <Detail label={t("user:fields.website")}>
                      <AppLink href={website} color="teal.700" rel="noopener noreferrer nofollow" target="_blank">
                        {website}
                      </AppLink>
                    </Detail>
                  ) : null}
                  {profile.email ? <Detail label={t("user:fields.email")}>{profile.email}</Detail> : null}
                  {profile.mobileNumber ? <Detail label={t("user:fields.mobile")}>{profile.mobileNumber}</Detail> : null}
                  {memberSince ? <Detail label={t("user:profile.member_since")}>{memberSince}</Detail> : null}
                </Grid>
              </Box>
            }
          />
        </Grid>
      </Container>
    </>
  );
}
