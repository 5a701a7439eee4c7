import { Box, Text } from "@chakra-ui/react";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import type { LayoutData } from "@/contracts/layout";
import { AppLink } from "@/components/ui/app-link";
import { SignInForm } from "@/components/auth/sign-in-form";
import { notify } from "@/components/ui/toaster";
import { safeForwardPath } from "@/lib/auth/forward";
import { useSession } from "@/components/auth/session-context";
import { groupHref } from "@/lib/group-link";
import { AuthCard } from "./auth-card";
import type { GuestScreenProps } from "./auth.ssr";

/** A participation screen (main site or a group's) sent the visitor here. */
export const isParticipatePath = (path: string): boolean => /^(\/group\/[^/?#]+)?\/participate(\/|$)/.test(path);

/** /login: sign in, then back to `forward` (a path on this site) or the home page. */
export function LoginScreen({ forward, layout }: GuestScreenProps & { layout: LayoutData }) {
  const { t } = useTranslation();
  const router = useRouter();
  const { refreshUser } = useSession();
  const prefix = layout.currentGroup.linkPrefix;
  const destination = safeForwardPath(forward, "") || groupHref(prefix, "/");

  const onSignedIn = () => {
    refreshUser();
    notify.success(t("auth:sign_in.success"));
    void router.push(destination);
  };

  return (
    <AuthCard title={t("auth:sign_in.title")}>
      {isParticipatePath(destination) ? (
        <Box borderWidth="1px" borderColor="teal.200" bg="teal.50" borderRadius="md" p={4} mb={6} data-testid="sign-in-reason">
          <Text>{t("auth:sign_in.participate_why")}</Text>
          {/* From a form: the list explains how participation works (coming from the list, they have read it). */}
          {destination.endsWith("/participate/list") ? null : (
            <AppLink href={groupHref(prefix, "/participate/list")} display="inline-block" mt={2} color="teal.700" fontWeight="semibold">
              {t("auth:sign_in.participate_how")}
            </AppLink>
          )}
        </Box>
      ) : null}
      <SignInForm otpPresentation="dialog" linkPrefix={prefix} forward={forward} onSignedIn={onSignedIn} />
    </AuthCard>
  );
}
