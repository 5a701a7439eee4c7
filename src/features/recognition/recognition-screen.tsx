import { Box, Container, Heading, HStack, Text } from "@chakra-ui/react";
import dynamic from "next/dynamic";
import Head from "next/head";
import { FIELD_SETS, STANDARD_VERSIONS } from "@/contracts/recognition";
import { AppLink } from "@/components/ui/app-link";
import { LazyFailure } from "@/components/ui/lazy-fallback";
import { PageTitle } from "@/components/ui/page-title";
import { groupHref } from "@/lib/group-link";
import useTranslation from "@/lib/i18n/use-translation";
import type { LayoutData } from "@/contracts/layout";
import type { RecognitionProps } from "./recognition.ssr";

// The form and the editor talk to the platform: they load after the page (the API client with them).
const PackForm = dynamic(() => import("@/components/recognition/pack-form").then((m) => m.PackForm), { ssr: false, loading: LazyFailure });
const MappingEditor = dynamic(() => import("./mapping-editor"), { ssr: false, loading: LazyFailure });

/**
 * `/admin/recognition` and `/group/{name}/admin/recognition` (issue 31): the WDPCA / ICCA Registry pack
 * of the site or the group, the link to its coverage and, for administrators on the site's screen, the
 * mapping of the master template's fields to each field set's attributes.
 */
export function RecognitionScreen({ groupId, records, mapping, layout }: RecognitionProps & { layout: LayoutData }) {
  const { t } = useTranslation();
  const prefix = layout.currentGroup.linkPrefix;
  const title = groupId === null ? t("recognition:screen.site_title") : t("recognition:screen.group_title", { name: layout.currentGroup.name });
  return (
    <>
      <Head>
        <title>{title}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <Container maxW="5xl" py={{ base: 6, md: 10 }}>
        <PageTitle mb={2}>{title}</PageTitle>
        <Text color="gray.700" mb={6}>
          {t("recognition:screen.description")}
        </Text>
        <Box as="section" aria-labelledby="wdpca-pack-heading" bg="white" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }} mb={8}>
          <Heading as="h2" size="md" mb={3} id="wdpca-pack-heading">
            {t("recognition:screen.pack_heading")}
          </Heading>
          <PackForm groupId={groupId} records={records} coverageHref={groupHref(prefix, "/admin/recognition/coverage")} />
        </Box>
        {mapping ? (
          <Box as="section" aria-labelledby="wdpca-mapping-heading" bg="white" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }}>
            <Heading as="h2" size="md" mb={2} id="wdpca-mapping-heading">
              {t("recognition:mapping.heading")}
            </Heading>
            <Text mb={2}>{t("recognition:mapping.description")}</Text>
            <HStack as="nav" aria-label={t("recognition:mapping.field_sets_nav")} gap={4} mb={2} wrap="wrap">
              {FIELD_SETS.map((f) =>
                f === mapping.fieldSet ? (
                  <Text key={f} as="span" fontWeight="bold" aria-current="page">
                    {t(`recognition:field_sets.${f}`)}
                  </Text>
                ) : (
                  <AppLink key={f} href={`/admin/recognition?fieldSet=${f}`} color="teal.700">
                    {t(`recognition:field_sets.${f}`)}
                  </AppLink>
                ),
              )}
            </HStack>
            <Text fontSize="sm" color="gray.700" mb={2}>
              {t("recognition:mapping.version", { version: STANDARD_VERSIONS[mapping.fieldSet] })}
            </Text>
            <MappingEditor key={mapping.fieldSet} view={mapping} />
          </Box>
        ) : null}
      </Container>
    </>
  );
}
