import { Badge, Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import Head from "next/head";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import type { LayoutData } from "@/components/layout/layout-types";
import { AppLink } from "@/components/ui/app-link";
import { groupHref } from "@/lib/group-link";
import type { ParticipateListProps } from "./participate-list.ssr";

/** `/participate/list`: the intro (page 204) and a card per template the member may answer. */
export function ParticipateListScreen({ intro, templates, layout }: ParticipateListProps & { layout: LayoutData }) {
  const { t } = useTranslation();
  const router = useRouter();
  const title = t("template:participate.list.title");
  return (
    <>
      <Head>
        <title>{title}</title>
      </Head>
      <Container maxW="5xl" py={{ base: 6, md: 10 }}>
        <Heading as="h1" size="2xl" mb={4}>
          {intro?.title || t("template:participate.list.heading")}
        </Heading>
        {intro?.html ? <Box className="cca-participate-intro" mb={6} lineHeight="tall" dangerouslySetInnerHTML={{ __html: intro.html }} /> : null}
        <Heading as="h2" size="lg" mb={4}>
          {t("template:participate.list.choose")}
        </Heading>
        {templates === null ? (
          <Stack role="alert" gap={2} align="flex-start">
            <Text color="red.700">{t("template:participate.list.failed")}</Text>
            <Button size="sm" variant="outline" onClick={() => void router.replace(router.asPath)}>
              {t("template:participate.form.retry")}
            </Button>
          </Stack>
        ) : templates.length === 0 ? (
          <Text data-testid="participate-empty">{t("template:participate.list.empty")}</Text>
        ) : (
          <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap={4} listStyleType="none" data-testid="participate-list">
            {templates.map((tpl) => (
              <Box as="li" key={tpl.shortName} borderWidth="1px" borderRadius="md" p={4} bg="white">
                <Stack gap={2} h="100%">
                  <Heading as="h3" size="md">
                    {tpl.name}
                  </Heading>
                  {tpl.description ? <Text color="gray.700">{tpl.description}</Text> : null}
                  <HStack gap={2} wrap="wrap">
                    {tpl.platform.map((p) => (
                      <Badge key={p} variant="subtle" colorPalette="gray">
                        {p}
                      </Badge>
                    ))}
                  </HStack>
                  <Box mt="auto" pt={2}>
                    <AppLink href={groupHref(layout.currentGroup.linkPrefix, `/participate/${encodeURIComponent(tpl.shortName)}`)} fontWeight="semibold" color="green.800">
                      {t("template:participate.list.open", { name: tpl.name })}
                    </AppLink>
                  </Box>
                </Stack>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Container>
    </>
  );
}
