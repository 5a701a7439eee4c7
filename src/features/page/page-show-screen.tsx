import Head from "next/head";
import useTranslation from "next-translate/useTranslation";
import { Box, Container, Grid, Heading, Image, Text } from "@chakra-ui/react";
import SITE_CONFIG from "@site-config";
import type { LayoutData } from "@/components/layout/layout-types";
import { fileCropUrl } from "@/lib/files";
import { PageTreeNav } from "./page-tree-nav";
import type { PageShowProps } from "./page-show.ssr";

/** Typography for stored page HTML (already sanitised on the server). */
const proseCss = {
  "& h2": { fontSize: "2xl", fontWeight: "bold", mt: 8, mb: 3 },
  "& h3": { fontSize: "xl", fontWeight: "semibold", mt: 6, mb: 2 },
  "& h4": { fontSize: "lg", fontWeight: "semibold", mt: 4, mb: 2 },
  "& p": { mb: 4, lineHeight: "tall" },
  "& ul, & ol": { pl: 6, mb: 4 },
  "& ul": { listStyleType: "disc" },
  "& ol": { listStyleType: "decimal" },
  "& a": { color: "teal.700", textDecoration: "underline" },
  "& img": { maxW: "100%", height: "auto", borderRadius: "md", my: 4 },
  "& figure": { my: 4 },
  "& figcaption": { fontSize: "sm", color: "gray.600" },
  "& blockquote": { borderLeftWidth: "4px", borderColor: "teal.300", pl: 4, color: "gray.700", my: 4 },
  "& .table-scroll": { overflowX: "auto", my: 4, borderWidth: "1px", borderRadius: "md", maxW: "100%" },
  "& .table-scroll:focus-visible": { outline: "2px solid", outlineColor: "teal.500" },
  "& table": { borderCollapse: "collapse", minW: "100%", fontSize: "sm" },
  "& th, & td": { borderBottomWidth: "1px", px: 3, py: 2, textAlign: "start", verticalAlign: "top", whiteSpace: "nowrap" },
  "& th": { bg: "gray.100", fontWeight: "semibold" },
  "& iframe": { maxW: "100%", width: "100%", aspectRatio: "16 / 9", height: "auto" },
} as const;

export function PageShowScreen({ page, layout }: PageShowProps & { layout: LayoutData }) {
  const { t } = useTranslation("page");
  const banner = page.galleryData[0];
  return (
    <>
      <Head>
        <title>{page.title}</title>
        {page.description && <meta name="description" content={page.description} />}
      </Head>
      <Box as="header" position="relative" bg="gray.800" color="white" overflow="hidden">
        {banner && (
          <Image
            src={fileCropUrl("pages", banner.fileName, { w: SITE_CONFIG.THUMBNAILS.PAGE_BANNER.WIDTH, h: SITE_CONFIG.THUMBNAILS.PAGE_BANNER.HEIGHT })}
            alt=""
            position="absolute"
            inset={0}
            width="100%"
            height="100%"
            objectFit="cover"
            opacity={0.35}
          />
        )}
        <Container maxW="6xl" position="relative" py={{ base: 10, md: 16 }}>
          <Heading as="h1" size={{ base: "2xl", md: "4xl" }} mb={3}>
            {page.title}
          </Heading>
          {page.description && (
            <Text fontSize={{ base: "md", md: "xl" }} maxW="3xl" lineClamp={3}>
              {page.description}
            </Text>
          )}
          {banner?.caption && (
            <Text fontSize="sm" mt={4} opacity={0.9}>
              {banner.attribution ? t("page:gallery.caption_by", { caption: banner.caption, attribution: banner.attribution }) : banner.caption}
            </Text>
          )}
        </Container>
      </Box>
      <Container maxW="6xl" py={8}>
        <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 5fr) minmax(0, 2fr)" }} gap={8}>
          <Box as="article" bg="white" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 8 }} minW={0} css={proseCss}>
            {/* Sanitised on the server by sanitizePageHtml (scripts, handlers and foreign frames removed). */}
            <div dangerouslySetInnerHTML={{ __html: page.content }} />
          </Box>
          <Box as="aside" order={{ base: -1, lg: 0 }}>
            <PageTreeNav tree={layout.pageTree} currentId={page.id} linkPrefix={layout.currentGroup.linkPrefix} />
          </Box>
        </Grid>
      </Container>
    </>
  );
}
