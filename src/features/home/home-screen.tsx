import Head from "next/head";
import useTranslation from "next-translate/useTranslation";
import { useRouter } from "next/router";
import { useCallback, useMemo, useState } from "react";
import { Badge, Box, Container, Heading, HStack, Image, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import SITE_CONFIG from "@site-config";
import { MembershipButtons } from "@/components/group/membership-buttons";
import { useMembershipActions } from "@/components/group/use-membership-actions";
import type { JoinState, LayoutData } from "@/components/layout/layout-types";
import { AppLink } from "@/components/ui/app-link";
import { fileCropUrl } from "@/lib/files";
import { groupHref } from "@/lib/group-link";
import type { FeaturedPage, HomeGroup, HomeProps } from "./home-types";

type Props = HomeProps & { layout: LayoutData };

export function HomeScreen(props: Props) {
  return props.kind === "main" ? <MainHome {...props} /> : <GroupHome {...props} />;
}

function PageCards({ pages, prefix, readMore }: { pages: FeaturedPage[]; prefix: string; readMore: string }) {
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap={5}>
      {pages.map((page) => (
        <Box as="li" key={page.id} bg="white" borderWidth="1px" borderRadius="md" p={5} display="flex" flexDirection="column" gap={2}>
          <Heading as="h3" size="md">
            {page.title}
          </Heading>
          {page.description && (
            <Text color="gray.700" lineClamp={3}>
              {page.description}
            </Text>
          )}
          <AppLink href={groupHref(prefix, `/page/show/${page.id}`)} color="teal.700" fontWeight="semibold" mt="auto">
            {readMore}
            <Box as="span" srOnly>
              {`: ${page.title}`}
            </Box>
          </AppLink>
        </Box>
      ))}
    </SimpleGrid>
  );
}

function MainHome({ featured, layout }: Extract<Props, { kind: "main" }>) {
  const { t, lang } = useTranslation("home");
  const title = SITE_CONFIG.SITE.TITLE[lang === "hi" ? "hi" : "en"];
  return (
    <>
      <Head>
        <title>{title}</title>
      </Head>
      <Box as="section" bg="teal.700" color="white" py={{ base: 10, md: 16 }} aria-labelledby="home-title">
        <Container maxW="6xl">
          <Heading as="h1" id="home-title" size={{ base: "2xl", md: "4xl" }} mb={4}>
            {t("home:welcome.title")}
          </Heading>
          <Text fontSize={{ base: "lg", md: "xl" }} maxW="3xl">
            {t("home:welcome.intro")}
          </Text>
        </Container>
      </Box>
      <Container maxW="6xl" py={10}>
        <Stack gap={12}>
          {featured.length > 0 && (
            <Box as="section" aria-labelledby="home-featured">
              <Heading as="h2" id="home-featured" size="xl" mb={5}>
                {t("home:featured.title")}
              </Heading>
              <PageCards pages={featured} prefix="" readMore={t("home:featured.read_more")} />
            </Box>
          )}
          <Box as="section" aria-labelledby="home-microsites">
            <Stack direction="row" justify="space-between" align="baseline" mb={5}>
              <Heading as="h2" id="home-microsites" size="xl">
                {t("home:microsites.title")}
              </Heading>
              <AppLink href="/group/list" color="teal.700" fontWeight="semibold">
                {t("home:microsites.see_all")}
              </AppLink>
            </Stack>
            {layout.groups.length === 0 ? (
              <Text>{t("home:microsites.empty")}</Text>
            ) : (
              <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap={4}>
                {layout.groups.map((group) => (
                  <Box as="li" key={group.id} bg="white" borderWidth="1px" borderRadius="md" p={4}>
                    <AppLink href={group.webAddress} display="flex" alignItems="center" gap={3} fontWeight="semibold">
                      {group.icon && (
                        <Image
                          src={fileCropUrl("userGroups", group.icon, { h: SITE_CONFIG.THUMBNAILS.GROUP_ICON_HEIGHT * 2 })}
                          alt=""
                          height={`${SITE_CONFIG.THUMBNAILS.GROUP_ICON_HEIGHT}px`}
                          width="auto"
                          loading="lazy"
                        />
                      )}
                      <Box as="span">
                        {group.name}
                        {group.nameLocal && (
                          <Box as="span" display="block" fontWeight="normal" color="gray.600" fontSize="sm" lang="hi">
                            {group.nameLocal}
                          </Box>
                        )}
                      </Box>
                    </AppLink>
                  </Box>
                ))}
              </SimpleGrid>
            )}
          </Box>
        </Stack>
      </Container>
    </>
  );
}

/** The join control of the group home; the page is rendered again from the server after a change (header and counts follow). */
function GroupJoin({ group, layout }: { group: HomeGroup; layout: LayoutData }) {
  const router = useRouter();
  const state = layout.groupActions?.membership ?? null;
  const [changed, setChanged] = useState<{ from: JoinState | null; to: JoinState } | null>(null);
  const target = useMemo(() => ({ id: group.id, name: group.name, closed: !group.allowUserToJoin }), [group.allowUserToJoin, group.id, group.name]);
  const onChanged = useCallback(
    async (next: JoinState) => {
      await router.replace(router.asPath, undefined, { scroll: false });
      setChanged({ from: state, to: next });
    },
    [router, state],
  );
  const actions = useMembershipActions(target, onChanged);
  const shown = changed && changed.from === state ? changed.to : state;
  // Unknown membership (the call failed): no control, as in the header.
  if (shown === null) return null;
  return <MembershipButtons state={shown} actions={actions} size="md" />;
}

function GroupHome({ group, featured, layout }: Extract<Props, { kind: "group" }>) {
  const { t } = useTranslation("home");
  const prefix = layout.currentGroup.linkPrefix;
  return (
    <>
      <Head>
        <title>{group.name}</title>
      </Head>
      <Box as="section" bg="white" borderBottomWidth="1px" py={{ base: 8, md: 12 }} aria-labelledby="group-title">
        <Container maxW="6xl">
          <Stack direction={{ base: "column", md: "row" }} gap={8} align={{ base: "flex-start", md: "center" }}>
            <Image src={group.icon} alt="" height={`${SITE_CONFIG.THUMBNAILS.GROUP_LOGO_HEADER}px`} width="auto" maxW="12rem" />
            <Box>
              {group.nameLocal && (
                <Text fontSize="lg" color="gray.600" lang="hi">
                  {group.nameLocal}
                </Text>
              )}
              <Heading as="h1" id="group-title" size={{ base: "2xl", md: "3xl" }} mb={3}>
                {group.name}
              </Heading>
              {group.description && (
                <Text fontSize="lg" maxW="3xl" color="gray.700" whiteSpace="pre-line">
                  {group.description}
                </Text>
              )}
              <HStack gap={4} mt={4} wrap="wrap">
                {group.memberCount !== null ? (
                  <Text fontWeight="semibold" color="gray.800">
                    {t("group:home.members", { count: group.memberCount })}
                  </Text>
                ) : null}
                <Badge colorPalette={group.allowUserToJoin ? "green" : "gray"} variant="subtle">
                  {group.allowUserToJoin ? t("group:home.open") : t("group:home.closed")}
                </Badge>
                <AppLink href={groupHref(prefix, "/about")} color="teal.700" fontWeight="semibold">
                  {t("group:home.about")}
                </AppLink>
              </HStack>
              <Box mt={4}>
                <GroupJoin group={group} layout={layout} />
              </Box>
            </Box>
          </Stack>
        </Container>
      </Box>
      <Container maxW="6xl" py={10}>
        <Box as="section" aria-labelledby="group-pages">
          <Heading as="h2" id="group-pages" size="xl" mb={5}>
            {t("home:group.pages_title")}
          </Heading>
          {featured.length === 0 ? (
            <Text>{t("home:group.no_pages")}</Text>
          ) : (
            <PageCards pages={featured} prefix={prefix} readMore={t("home:featured.read_more")} />
          )}
        </Box>
      </Container>
    </>
  );
}
