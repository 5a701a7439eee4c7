import Head from "next/head";
import useTranslation from "@/lib/i18n/use-translation";
import { Box, Container, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import { AppLink } from "@/components/ui/app-link";

type ErrorKind = "not_found" | "server" | "forbidden";

function ErrorScreen({ status, kind }: { status: number; kind: ErrorKind }) {
  const { t } = useTranslation("common");
  const title = t(`common:error.${kind}.title`);
  return (
    <>
      <Head>
        <title>{`${status} · ${title}`}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <Container maxW="2xl" py={{ base: 16, md: 24 }} textAlign="center">
        <Text fontSize="6xl" fontWeight="bold" color="teal.700" aria-hidden="true">
          {status}
        </Text>
        <PageTitle mb={4}>
          {title}
        </PageTitle>
        <Text color="gray.700" mb={8}>
          {t(`common:error.${kind}.description`)}
        </Text>
        <Box>
          <AppLink href="/" fontWeight="semibold" color="teal.700">
            {t("common:error.go_home")}
          </AppLink>
        </Box>
      </Container>
    </>
  );
}

export function NotFoundScreen() {
  return <ErrorScreen status={404} kind="not_found" />;
}

export function ServerErrorScreen() {
  return <ErrorScreen status={500} kind="server" />;
}

/** Signed in, but not allowed here (status 403 is set by the page's loader). */
export function ForbiddenScreen() {
  return <ErrorScreen status={403} kind="forbidden" />;
}
