import { Box, Button, Container, HStack, Text } from "@chakra-ui/react";
import dynamic from "next/dynamic";
import Head from "next/head";
import { PageTitle } from "@/components/ui/page-title";
import { AppLink } from "@/components/ui/app-link";
import useTranslation from "@/lib/i18n/use-translation";

const OutboxPanel = dynamic(() => import("@/components/offline/outbox-panel"), { ssr: false });

/**
 * `/offline` (and `/hi/offline`): what the service worker shows for a screen that is not kept on this
 * device while there is no network (issue 32). Static (precached by the worker); the member's waiting
 * records are listed below.
 */
export function OfflineScreen() {
  const { t } = useTranslation();
  return (
    <>
      <Head>
        <title>{t("offline:screen.title")}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <Container maxW="2xl" py={{ base: 10, md: 16 }}>
        <PageTitle mb={4}>{t("offline:screen.title")}</PageTitle>
        <Text color="gray.700" mb={6}>
          {t("offline:screen.description")}
        </Text>
        <HStack gap={4} wrap="wrap" mb={8}>
          <Button colorPalette="teal" onClick={() => window.location.reload()} data-testid="offline-retry">
            {t("offline:screen.retry")}
          </Button>
          <AppLink href="/participate/list" color="teal.700" fontWeight="semibold">
            {t("offline:screen.forms")}
          </AppLink>
          <AppLink href="/" color="teal.700" fontWeight="semibold">
            {t("offline:screen.home")}
          </AppLink>
        </HStack>
        <Box>
          <OutboxPanel linkPrefix="" />
        </Box>
      </Container>
    </>
  );
}
