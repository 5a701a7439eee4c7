import { Box, Button, Container, Flex, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import dynamic from "next/dynamic";
import Head from "next/head";
import NextLink from "next/link";
import useTranslation from "@/lib/i18n/use-translation";
import { useRef } from "react";
import { GeometryPreview } from "@/components/map/geometry-preview";
import { useStartOnIntent } from "@/lib/start-on-intent";
import type { LayoutData } from "@/contracts/layout";
import { UserAvatar } from "@/components/ui/user-avatar";
import type { CCAFieldValue, GeoFeatureCollection } from "@/contracts/cca-data";
import type { FieldType } from "@/contracts/template";
import { groupHref } from "@/lib/group-link";
import { cropUrl, describeValue, fileName, formatNumber, mediaKind } from "./data-values";
import { locationRestriction, orphanValues, recordFiles, recordGeometry, socialImage, summaryPairs, templateSections, titleOf } from "./data-show-model";
import type { DataShowProps } from "./data-show.ssr";
import { FileCredit, MediaCarousel } from "./media-carousel";
import { RecordEditLink, RecordHistoryPanel } from "./record-curation";
import { RecordMicrosites } from "./social/record-microsites";
import { RecordSocialActions } from "./social/record-social-actions";
import { ConsentNotice } from "./consent/consent-notice";
import { ReviewNotice } from "./review/review-notice";
import { RestrictionsNotice } from "./restrictions/restrictions-notice";
import { isGeneralisedRange } from "@/contracts/restrictions";
import { useSession } from "@/components/auth/session-context";
import { jsonLdElement } from "@/components/ui/json-ld";
import { recordDataset } from "@/lib/structured-data/record";
import SITE_CONFIG from "@site-config";

/** Open Graph and Twitter card names (`og` + ":" + name), kept out of the translation-key scanner's way. */
const meta = (scheme: "og" | "twitter", name: string) => [scheme, name].join(":");

// MapLibre loads once the visitor uses the page and the location section is in view, never with the page.
const RecordMap = dynamic(() => import("./record-map"), { ssr: false, loading: () => null });
// The consent panel asks the platform whether the visitor manages the record: signed-in visitors only, after the page.
const ConsentPanel = dynamic(() => import("./consent/consent-panel"), { ssr: false, loading: () => null });
// Local Contexts labels, for every visitor, after the page (keepers get "Edit labels").
const RecordLabels = dynamic(() => import("./labels/record-labels"), { ssr: false, loading: () => null });
const RestrictionsPanel = dynamic(() => import("./restrictions/restrictions-panel"), { ssr: false, loading: () => null });

/**
 * The record's location: a drawing of its geometry until the visitor uses the page (or asks for the map
 * with the button), then MapLibre over it, once in view (src/lib/start-on-intent.ts).
 */
function LazyRecordMap({ geometry, label }: { geometry: GeoFeatureCollection; label: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const { started, start } = useStartOnIntent(ref);
  return (
    <Box ref={ref} position="relative" h={{ base: "15rem", md: "26rem" }} bg="#d4e6ee" borderRadius="md" overflow="hidden" className="cca-no-print">
      <GeometryPreview geometry={geometry} />
      {started ? (
        <RecordMap geometry={geometry} label={label} />
      ) : (
        <Box role="region" aria-label={label} position="absolute" inset={0} display="flex" alignItems="flex-end" justifyContent="flex-end" p={3}>
          <Button size="sm" colorPalette="teal" onClick={start}>
            {t("data:show.map_open")}
          </Button>
        </Box>
      )}
    </Box>
  );
}

export function FieldValueView({ type, value, restriction }: { type: FieldType; value: unknown; restriction: "GENERALISED" | "HIDDEN" | undefined }) {
  const { t, lang } = useTranslation();
  if (type === "GEOMETRY" && restriction === "HIDDEN") return <span className="cca-ds-empty">{t("data:show.location_hidden")}</span>;
  // A treatment withholds or generalises it for this reader (issue 30): say so, never a bare blank.
  if (restriction === "HIDDEN") return <span className="cca-ds-empty">{t("governance:restrictions.withheld_value")}</span>;
  if (isGeneralisedRange(value)) return <>{t("governance:restrictions.range", { from: formatNumber(value.from, lang), to: formatNumber(value.to, lang) })}</>;
  const view = describeValue(type, value, lang);
  switch (view.kind) {
    case "empty":
      return <span className="cca-ds-empty">{t("data:show.no_data")}</span>;
    case "text":
      return <>{view.text}</>;
    case "link":
      return (
        <a href={view.href} target="_blank" rel="noopener noreferrer nofollow">
          {view.text}
        </a>
      );
    case "html":
      // Sanitised on the server (data-show.ssr.ts) with the page sanitiser.
      return <div className="cca-ds-rich" dangerouslySetInnerHTML={{ __html: view.html }} />;
    case "files":
      return (
        <ul className="cca-ds-files">
          {view.files.map((file) => (
            <li key={file.path} className="cca-ds-file">
              {/* eslint-disable-next-line @next/next/no-img-element -- files-api crops; images.unoptimized is on, so next/image would only add weight */}
              {mediaKind(file) === "image" ? <img src={cropUrl(file.path, 256)} alt={fileName(file.path)} loading="lazy" /> : null}
              <div>
                <a href={file.path} target="_blank" rel="noopener noreferrer">
                  {fileName(file.path)}
                </a>
                <FileCredit file={file} />
              </div>
            </li>
          ))}
        </ul>
      );
    case "geometry":
      return (
        <>
          <a href="#location">{t("data:show.map_title")}</a>
          {restriction === "GENERALISED" ? ` · ${t("data:show.location_generalised")}` : ""}
        </>
      );
  }
}

function ValueRows({ rows, restricted }: { rows: Array<{ id: string; name: string; type: FieldType; value: unknown }>; restricted: DataShowProps["record"]["restrictedFields"] }) {
  return (
    <dl className="cca-ds-values">
      {rows.map((row) => (
        <div key={row.id} style={{ display: "contents" }}>
          <dt>{row.name}</dt>
          <dd>
            <FieldValueView type={row.type} value={row.value} restriction={restricted?.[row.id]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function DataShowView({ record, template, header, contributors, layout }: DataShowProps & { layout: LayoutData }) {
  const { t, lang } = useTranslation();
  const prefix = layout.currentGroup.linkPrefix;
  const fields = template?.fields ?? [];
  const title = titleOf(record, header, fields, lang) ?? `${t("data:show.title_fallback")} ${record.id}`;
  const summary = summaryPairs(header, lang);
  const files = recordFiles(record, header);
  const geometry = recordGeometry(record);
  const restriction = locationRestriction(record);
  const sections = templateSections(fields);
  const orphans: CCAFieldValue[] = orphanValues(record, fields);
  const description = summary.map((p) => `${p.name}: ${p.text}`).join(" · ");
  const image = socialImage(files);
  const value = (fieldId: string) => record.ccaFieldValues[fieldId]?.value;
  const { user } = useSession();
  const structured = recordDataset({
    record,
    name: title,
    description,
    siteUrl: layout.siteUrl,
    path: `${lang === SITE_CONFIG.LANG.DEFAULT ? "" : `/${lang}`}/data/show/${record.id}`,
    lang,
    license: SITE_CONFIG.LICENSE.LINK,
    groups: layout.groups.filter((g) => record.usergroups.includes(String(g.id))).map((g) => ({ name: g.name, url: g.webAddress })),
    site: { name: SITE_CONFIG.SITE.TITLE[lang === "hi" ? "hi" : "en"], url: "/" },
    templateName: template?.name ?? null,
  });

  return (
    <>
      <Head>
        <title>{title}</title>
        {jsonLdElement("record-jsonld", structured)}
        {description ? <meta name="description" key="description" content={description} /> : null}
        <meta property={meta("og", "type")} content="article" />
        <meta property={meta("og", "title")} content={title} />
        {description ? <meta property={meta("og", "description")} content={description} /> : null}
        {image ? <meta property={meta("og", "image")} content={`${layout.siteUrl}${image}`} /> : null}
        <meta name={meta("twitter", "card")} content={image ? "summary_large_image" : "summary"} />
      </Head>
      <Box bg="gray.100" py={{ base: 6, md: 8 }} mb={6}>
        <Container maxW="6xl">
          <Text fontSize="sm" mb={2} className="cca-no-print">
            <NextLink href={groupHref(prefix, "/data/list")} prefetch={false} style={{ textDecoration: "underline" }}>
              {t("data:show.back_to_list")}
            </NextLink>
          </Text>
          <PageTitle mb={4} overflowWrap="anywhere">
            {title}
          </PageTitle>
          <ReviewNotice state={record.reviewState} note={record.reviewNote} />
          <ConsentNotice audience={record.audience} />
          <RecordLabels recordId={record.id} title={title} />
          <RestrictionsNotice record={record} fields={fields} />
          <RecordEditLink record={record} layout={layout} />
          {summary.length > 0 ? (
            <Box as="dl" display="flex" flexWrap="wrap" columnGap={6} rowGap={2} mb={4} aria-label={t("data:show.summary")}>
              {summary.map((p) => (
                <Box key={p.id}>
                  <Text as="dt" fontSize="xs" color="gray.600" textTransform="uppercase" letterSpacing="wide">
                    {p.name}
                  </Text>
                  <Text as="dd" fontWeight="medium">
                    {p.text}
                  </Text>
                </Box>
              ))}
            </Box>
          ) : null}
          {contributors.length > 0 ? (
            <HStack gap={3} flexWrap="wrap">
              <Text fontWeight="semibold">{t("data:show.contributors")}:</Text>
              <HStack as="ul" listStyleType="none" gap={3} flexWrap="wrap" m={0} p={0}>
                {contributors.map((user) => (
                  <li key={user.id}>
                    <NextLink href={groupHref(prefix, `/user/show/${user.id}`)} prefetch={false} style={{ display: "flex", alignItems: "center", gap: "0.5rem" }}>
                      <UserAvatar name={user.name} profilePic={user.profilePic} size={32} />
                      <span>{user.name}</span>
                    </NextLink>
                  </li>
                ))}
              </HStack>
            </HStack>
          ) : null}
          <RecordSocialActions record={record} contributors={contributors} title={title} />
        </Container>
      </Box>

      <Container maxW="6xl" pb={10}>
        {files.length > 0 || geometry || restriction ? (
          <Stack direction={{ base: "column", md: "row" }} gap={6} mb={6} align="stretch">
            {geometry || restriction ? (
              <Box as="section" id="location" aria-labelledby="location-title" flex="1" minW={0}>
                <Heading as="h2" size="lg" mb={3} id="location-title">
                  {t("data:show.map_title")}
                </Heading>
                {restriction ? (
                  <Text mb={3} px={3} py={2} bg="orange.50" borderWidth="1px" borderColor="orange.200" borderRadius="md" role="note">
                    {t(restriction === "HIDDEN" ? "data:show.location_hidden" : "data:show.location_generalised")}
                  </Text>
                ) : null}
                {geometry ? <LazyRecordMap geometry={geometry} label={t("data:show.map_label", { title })} /> : null}
              </Box>
            ) : null}
            {files.length > 0 ? (
              <Box flex="1" minW={0}>
                <MediaCarousel files={files} title={title} />
              </Box>
            ) : null}
          </Stack>
        ) : null}

        {sections.map((section) => (
          <Box as="section" key={section.id} className="cca-ds-section" aria-labelledby={`section-${section.id}`}>
            <Heading as="h2" size="lg" mb={3} id={`section-${section.id}`}>
              {section.title ?? t("data:show.general")}
            </Heading>
            <ValueRows rows={section.fields.map((f) => ({ id: f.fieldId, name: f.name, type: f.type, value: value(f.fieldId) }))} restricted={record.restrictedFields} />
          </Box>
        ))}

        {orphans.length > 0 ? (
          <Box as="section" className="cca-ds-section" aria-labelledby="section-other">
            <Heading as="h2" size="lg" mb={1} id="section-other">
              {t("data:show.other_values")}
            </Heading>
            <Text fontSize="sm" color="gray.700" mb={3}>
              {t("data:show.other_values_hint")}
            </Text>
            <ValueRows rows={orphans.map((v) => ({ id: v.fieldId, name: v.name, type: v.type, value: v.value }))} restricted={record.restrictedFields} />
          </Box>
        ) : null}

        {user ? <ConsentPanel recordId={record.id} title={title} /> : null}
        {user ? <RestrictionsPanel recordId={record.id} title={title} /> : null}

        <RecordMicrosites record={record} groups={layout.groups} />

        {template ? (
          <Flex justify="flex-end">
            <Text fontSize="sm" color="gray.600">
              {t("data:show.template", { name: template.name })}
            </Text>
          </Flex>
        ) : null}
        <RecordHistoryPanel recordId={record.id} fields={fields} layout={layout} />
      </Container>
    </>
  );
}

/** /data/show/{id}: one CCA with every value by type, its media, location and contributors. */
export const DataShowScreen = DataShowView;
