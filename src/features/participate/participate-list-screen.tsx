import { Box, Button, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import Head from "next/head";
import useTranslation from "@/lib/i18n/use-translation";
import type { LayoutData } from "@/contracts/layout";
import { AppLink } from "@/components/ui/app-link";
import { groupHref } from "@/lib/group-link";
import type { ParticipateListProps } from "./participate-list.ssr";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";
import dynamic from "next/dynamic";

// The records waiting on this device and "keep the forms for offline use" (issue 32): after the page.
const OutboxPanel = dynamic(() => import("@/components/offline/outbox-panel"), { ssr: false });

const PROMISES = [
  "template:participate.list.promise_published",
  "template:participate.list.promise_visible",
  "template:participate.list.promise_curators",
  "template:participate.list.promise_edit",
] as const;

/** What submitting does, said plainly (no review step yet: records are public at once). */
function SubmitPromise() {
  const { t } = useTranslation();
  return (
    <Box as="section" aria-labelledby="participate-promise" borderWidth="1px" borderColor="teal.200" bg="teal.50" borderRadius="md" p={{ base: 4, md: 5 }} mb={8} data-testid="participate-promise">
      <Heading as="h2" size="md" id="participate-promise" mb={2}>
        {t("template:participate.list.promise_heading")}
      </Heading>
      <Stack as="ul" gap={1} ps={5} listStyleType="disc">
        {PROMISES.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </Stack>
    </Box>
  );
}

/** A visitor learns why participating needs an account, after reading how it works. */
function SignInCall({ forward, linkPrefix }: { forward: string; linkPrefix: string }) {
  const { t } = useTranslation();
  const back = `?forward=${encodeURIComponent(forward)}`;
  return (
    <Box as="section" aria-labelledby="participate-sign-in" borderWidth="1px" borderRadius="md" bg="white" p={{ base: 4, md: 6 }} data-testid="participate-sign-in">
      <Heading as="h2" size="lg" id="participate-sign-in" mb={2}>
        {t("template:participate.list.sign_in_heading")}
      </Heading>
      <Text mb={4}>{t("template:participate.list.sign_in_why")}</Text>
      <Stack direction={{ base: "column", sm: "row" }} gap={4} align={{ base: "stretch", sm: "center" }}>
        <Button asChild colorPalette="teal">
          <AppLink href={`${groupHref(linkPrefix, "/login")}${back}`}>{t("template:participate.list.sign_in")}</AppLink>
        </Button>
        <AppLink href={`${groupHref(linkPrefix, "/register")}${back}`} color="teal.700" fontWeight="semibold">
          {t("template:participate.list.register")}
        </AppLink>
      </Stack>
    </Box>
  );
}

/**
 * `/participate/list`: the intro (page 204, in the content pages' prose styles), what submitting
 * does, then a card per template the member may answer, or, for a visitor, why to sign in.
 */
export function ParticipateListScreen({ intro, templates, forward, layout }: ParticipateListProps & { layout: LayoutData }) {
  const { t } = useTranslation();
  const refresh = useRefreshAfterWrite();
  const title = t("template:participate.list.title");
  const prefix = layout.currentGroup.linkPrefix;
  return (
    <>
      <Head>
        <title>{title}</title>
      </Head>
      <Container maxW="5xl" py={{ base: 6, md: 10 }}>
        <PageTitle mb={4}>
          {intro?.title || t("template:participate.list.heading")}
        </PageTitle>
        {/* Chakra's preflight strips heading sizes and list markers: the content pages' prose class brings them back. */}
        {intro?.html ? <div className="cca-ps-prose" data-testid="participate-intro" dangerouslySetInnerHTML={{ __html: intro.html }} /> : null}
        <Box mt={intro?.html ? 6 : 0}>
          <SubmitPromise />
        </Box>
        {forward !== null ? (
          <SignInCall forward={forward} linkPrefix={prefix} />
        ) : (
          <>
            <Heading as="h2" size="lg" mb={4}>
              {t("template:participate.list.choose")}
            </Heading>
            {templates === null ? (
              <Stack role="alert" gap={2} align="flex-start">
                <Text color="red.700">{t("template:participate.list.failed")}</Text>
                <Button size="sm" variant="outline" onClick={() => void refresh({ page: true, scrollToTop: true })}>
                  {t("template:participate.form.retry")}
                </Button>
              </Stack>
            ) : templates.length === 0 ? (
              <Text data-testid="participate-empty">{t("template:participate.list.empty")}</Text>
            ) : (
              <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap={4} listStyleType="none" data-testid="participate-list">
                {templates.map((tpl) => {
                  const description = tpl.isMaster ? t("template:participate.list.master_description") : tpl.description;
                  return (
                    <Box as="li" key={tpl.shortName} borderWidth="1px" borderRadius="md" p={4} bg="white">
                      <Stack gap={2} h="100%">
                        <Heading as="h3" size="md">
                          {tpl.name}
                        </Heading>
                        {description ? <Text color="gray.700">{description}</Text> : null}
                        <Box mt="auto" pt={2}>
                          <AppLink href={groupHref(prefix, `/participate/${encodeURIComponent(tpl.shortName)}`)} fontWeight="semibold" color="green.800">
                            {t("template:participate.list.open", { name: tpl.name })}
                          </AppLink>
                        </Box>
                      </Stack>
                    </Box>
                  );
                })}
              </SimpleGrid>
            )}
            <Box mt={8}>
              <OutboxPanel linkPrefix={prefix} />
            </Box>
          </>
        )}
      </Container>
    </>
  );
}
