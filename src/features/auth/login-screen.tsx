import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import type { LayoutData } from "@/components/layout/layout-types";
import { SignInForm } from "@/components/auth/sign-in-form";
import { notify } from "@/components/ui/toaster";
import { safeForwardPath } from "@/lib/auth/forward";
import { useSession } from "@/lib/auth/session-context";
import { groupHref } from "@/lib/group-link";
import { AuthCard } from "./auth-card";
import type { GuestScreenProps } from "./auth.ssr";

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
      <SignInForm otpPresentation="dialog" linkPrefix={prefix} forward={forward} onSignedIn={onSignedIn} />
    </AuthCard>
  );
}
