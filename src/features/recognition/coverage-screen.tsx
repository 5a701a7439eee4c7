import { Box, Container, HStack, Text } from "@chakra-ui/react";
import Head from "next/head";
import { useRouter } from "next/router";
import { FIELD_SETS } from "@/contracts/recognition";
import type { LayoutData } from "@/contracts/layout";
import { AppLink } from "@/components/ui/app-link";
import { PageTitle } from "@/components/ui/page-title";
import { Pager } from "@/components/ui/pager";
import { TableRegion } from "@/components/ui/table-region";
import { groupHref } from "@/lib/group-link";
import useTranslation from "@/lib/i18n/use-translation";
import { numberFormat } from "@/shared/format/intl";
import type { CoverageProps } from "./recognition.ssr";

/**
 * `…/admin/recognition/coverage` (issue 31): every record the pack holds and the mandatory attributes of
 * the field set it still lacks, paged on the server (`?offset=`), so a community knows what to complete.
 */
export function CoverageScreen({ groupId, fieldSet, coverage, layout }: CoverageProps & { layout: LayoutData }) {
  const { t, lang } = useTranslation();
  const router = useRouter();
  const prefix = layout.currentGroup.linkPrefix;
  const base = groupHref(prefix, "/admin/recognition/coverage");
  const title = groupId === null ? t("recognition:coverage.site_title") : t("recognition:coverage.group_title", { name: layout.currentGroup.name });
  const limit = coverage?.limit ?? 20;
  const page = coverage ? Math.floor(coverage.offset / limit) + 1 : 1;
  const totalPages = coverage ? Math.max(1, Math.ceil(coverage.total / limit)) : 1;
  const hrefOf = (p: number) => `${base}?fieldSet=${fieldSet}&offset=${(p - 1) * limit}`;
  const complete = coverage ? coverage.rows.filter((r) => r.missing.length === 0).length : 0;
  return (
    <>
      <Head>
        <title>{title}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <Container maxW="5xl" py={{ base: 6, md: 10 }}>
        <PageTitle mb={2}>{title}</PageTitle>
        <Text color="gray.700" mb={4}>
          {t("recognition:coverage.description")}
        </Text>
        <HStack as="nav" aria-label={t("recognition:mapping.field_sets_nav")} gap={4} mb={4} wrap="wrap">
          {FIELD_SETS.map((f) =>
            f === fieldSet ? (
              <Text key={f} as="span" fontWeight="bold" aria-current="page">
                {t(`recognition:field_sets.${f}`)}
              </Text>
            ) : (
              <AppLink key={f} href={`${base}?fieldSet=${f}`} color="teal.700">
                {t(`recognition:field_sets.${f}`)}
              </AppLink>
            ),
          )}
          <AppLink href={groupHref(prefix, "/admin/recognition")} color="teal.700">
            {t("recognition:coverage.back")}
          </AppLink>
        </HStack>
        {coverage === null ? (
          <Text role="alert" color="red.700">
            {t("recognition:coverage.failed")}
          </Text>
        ) : coverage.total === 0 ? (
          <Text>{t("recognition:coverage.empty")}</Text>
        ) : (
          <>
            <Text mb={2} data-testid="wdpca-coverage-count">
              {t("recognition:coverage.count", { total: numberFormat(lang).format(coverage.total), complete: numberFormat(lang).format(complete) })}
            </Text>
            <TableRegion label={t("recognition:coverage.caption")}>
              <Box as="table" width="100%" fontSize="sm" bg="white" data-testid="wdpca-coverage-table">
                <caption style={{ textAlign: "start", fontWeight: 600, padding: "0.5rem 0" }}>{t("recognition:coverage.caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col" style={{ textAlign: "start", padding: "0.4rem" }}>
                      {t("recognition:coverage.record")}
                    </th>
                    <th scope="col" style={{ textAlign: "start", padding: "0.4rem" }}>
                      {t("recognition:coverage.missing")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {coverage.rows.map((row) => (
                    <tr key={row.id} style={{ borderTop: "1px solid #e2e8f0" }}>
                      <td style={{ padding: "0.4rem", verticalAlign: "top" }}>
                        <AppLink href={groupHref(prefix, `/data/show/${row.id}`)} color="teal.700">
                          {row.name ?? t("recognition:coverage.unnamed", { id: row.id })}
                        </AppLink>
                      </td>
                      <td style={{ padding: "0.4rem", verticalAlign: "top" }}>
                        {row.missing.length === 0 ? (
                          <Text as="span" color="green.800">
                            {t("recognition:coverage.complete")}
                          </Text>
                        ) : (
                          <Text as="span" fontFamily="mono">
                            {row.missing.map((m) => (m === "geometry" ? t("recognition:coverage.geometry") : m)).join(", ")}
                          </Text>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Box>
            </TableRegion>
            {totalPages > 1 ? <Pager page={page} totalPages={totalPages} hrefOf={hrefOf} onPage={(p) => void router.push(hrefOf(p))} /> : null}
          </>
        )}
      </Container>
    </>
  );
}
