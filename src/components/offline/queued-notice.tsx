import { Box, Button, Container, HStack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import { AppLink } from "@/components/ui/app-link";
import { groupHref } from "@/lib/group-link";
import useTranslation from "@/lib/i18n/use-translation";

function Notice({ linkPrefix, onAddAnother }: { linkPrefix: string; onAddAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <Container maxW="3xl" py={{ base: 8, md: 12 }}>
      <Box borderWidth="1px" borderColor="orange.300" bg="orange.50" borderRadius="md" p={{ base: 4, md: 6 }} role="status" data-testid="participate-queued">
        <PageTitle mb={3}>{t("offline:outbox.queued_title")}</PageTitle>
        <Text mb={4}>{t("offline:outbox.queued_description")}</Text>
        <HStack gap={4} wrap="wrap">
          <Button colorPalette="teal" onClick={onAddAnother}>
            {t("template:participate.success.add_another")}
          </Button>
          <AppLink href={`${groupHref(linkPrefix, "/participate/list")}#outbox`} color="teal.700" fontWeight="semibold">
            {t("offline:outbox.title")}
          </AppLink>
        </HStack>
      </Box>
    </Container>
  );
}

/**
 * "Saved on this device": the record waits in the queue and is sent when the network returns (issue 32).
 * The participation routes load the `offline` namespace with the page (i18n.json): nothing to fetch offline.
 */
export default function QueuedNotice(props: { linkPrefix: string; onAddAnother: () => void }) {
  return <Notice {...props} />;
}
