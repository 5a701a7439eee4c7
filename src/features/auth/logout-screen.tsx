import { Container, Text } from "@chakra-ui/react";
import Head from "next/head";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useEffect } from "react";
import { clearBrowserSession } from "@/lib/auth/cookies";

/** Shown only if the server-side redirect of /logout did not happen: sign out here and go home. */
export function LogoutScreen() {
  const { t } = useTranslation();
  const router = useRouter();
  useEffect(() => {
    clearBrowserSession();
    void router.replace("/");
  }, [router]);
  return (
    <>
      <Head>
        <title>{t("auth:sign_out.wait")}</title>
      </Head>
      <Container maxW="md" py={16}>
        <Text role="status">{t("auth:sign_out.wait")}</Text>
      </Container>
    </>
  );
}
