import Head from "next/head";
import useTranslation from "next-translate/useTranslation";
import { Badge, Box, Container, Heading, Image, Stack, Text } from "@chakra-ui/react";
import SITE_CONFIG from "@site-config";
import type { LayoutData } from "@/components/layout/layout-types";
import { AppLink } from "@/components/ui/app-link";
import { fileCropUrl } from "@/lib/files";

export function GroupListScreen({ layout }: { layout: LayoutData }) {
  const { t } = useTranslation("group");
  const { groups } = layout;
  return (
    <>
      <Head>
        <title>{t("group:list.title")}</title>
      </Head>
      <Container maxW="4xl" py={10}>
        <Heading as="h1" size="2xl" mb={2}>
          {t("group:list.title")}
        </Heading>
        <Text color="gray.700" mb={8}>
          {t("group:list.description")}
        </Text>
        {groups.length === 0 ? (
          <Box bg="white" borderWidth="1px" borderRadius="md" p={8} textAlign="center">
            <Text>{t("group:list.no_groups")}</Text>
          </Box>
        ) : (
          <Stack as="ul" listStyleType="none" gap={3}>
            {groups.map((group) => (
              <Box as="li" key={group.id} bg="white" borderWidth="1px" borderRadius="md" p={4}>
                <Stack direction="row" align="center" gap={4}>
                  <Box w="4rem" display="flex" justifyContent="center" flexShrink={0}>
                    {group.icon && (
                      <Image
                        src={fileCropUrl("userGroups", group.icon, { h: SITE_CONFIG.THUMBNAILS.GROUP_ICON_HEIGHT * 2 })}
                        alt=""
                        height={`${SITE_CONFIG.THUMBNAILS.GROUP_ICON_HEIGHT}px`}
                        width="auto"
                        loading="lazy"
                      />
                    )}
                  </Box>
                  <Box flex="1" minW={0}>
                    <AppLink href={group.webAddress} fontWeight="semibold" fontSize="lg">
                      {group.name}
                    </AppLink>
                    {group.nameLocal && (
                      <Text color="gray.600" lang="hi">
                        {group.nameLocal}
                      </Text>
                    )}
                  </Box>
                  <Badge colorPalette={group.isParticipatory ? "green" : "gray"} variant="subtle">
                    {group.isParticipatory ? t("group:type.open") : t("group:type.closed")}
                  </Badge>
                </Stack>
              </Box>
            ))}
          </Stack>
        )}
      </Container>
    </>
  );
}
