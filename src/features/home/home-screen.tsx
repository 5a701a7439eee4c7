import Head from "next/head";
import useTranslation from "@/lib/i18n/use-translation";
import NextLink from "next/link";
import { useCallback, useMemo, type ReactNode } from "react";
import { Badge, Box, Container, Heading, HStack, Image, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import SITE_CONFIG from "@site-config";
import { MembershipButtons } from "@/components/group/membership-buttons";
import { setGroupMembership, useGroupMembership } from "@/components/group/membership-store";
import { useMembershipActions } from "@/components/group/use-membership-actions";
import type { JoinState, LayoutData, LayoutOptions } from "@/contracts/layout";
import { ownGroupIcon } from "@/contracts/group";
import { AppLink, isAbsoluteUrl } from "@/components/ui/app-link";
import { fileCropUrl } from "@/shared/files";
import { groupHref } from "@/lib/group-link";
import { distinctLocalName } from "@/lib/groups/group-names";
import { FeaturedRecords, HomeConfigSections, HomeGallerySection } from "./home-sections";
import type { FeaturedPage, HomeGroup, HomeProps } from "./home-types";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";
import { jsonLdElement } from "@/components/ui/json-ld";
import { groupOrganization } from "@/lib/structured-data/group";

type Props = HomeProps & { layout: LayoutData };

export function HomeScreen(props: Props) {
  return props.kind === "main" ? <MainHome {...props} /> : <GroupHome {...props} />;
}
// The group home's page header shows the group's logo, names and join control: on a phone the chrome's group header does not repeat them.
const layoutOptions: LayoutOptions = { pageShowsGroup: true };
HomeScreen.layoutOptions = layoutOptions;

/** A same-site path through next/link, anything else a plain anchor; styled by home-styles.ts. */
function HomeLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  if (isAbsoluteUrl(href)) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <NextLink href={href} className={className}>
      {children}
    </NextLink>
  );
}

function PageCards({ pages, prefix, readMore }: { pages: FeaturedPage[]; prefix: string; readMore: string }) {
  return (
    <ul className="cca-home-cards">
      {pages.map((page) => (
        <li key={page.id} className="cca-home-card">
          <h3 className="cca-home-heading">{page.title}</h3>
          {page.description && <p>{page.description}</p>}
          <HomeLink href={groupHref(prefix, `/page/show/${page.id}`)} className="cca-home-link cca-home-link--teal">
            {readMore}
            <span className="cca-home-sr-only">{`: ${page.title}`}</span>
          </HomeLink>
        </li>
      ))}
    </ul>
  );
}

function MainHome({ featured, layout, config, stats, records }: Extract<Props, { kind: "main" }>) {
  const { t, lang } = useTranslation("home");
  const title = SITE_CONFIG.SITE.TITLE[lang === "hi" ? "hi" : "en"];
  const iconHeight = SITE_CONFIG.THUMBNAILS.GROUP_ICON_HEIGHT;
  return (
    <>
      <Head>
        <title>{title}</title>
      </Head>
      {/* The screen's class names (home-styles.ts); plain elements render far cheaper than style props. */}
      <section className="cca-home-hero" aria-labelledby="home-title">
        <div className="cca-home-container">
          <h1 id="home-title" className="cca-home-heading">
            {t("home:welcome.title")}
          </h1>
          <p>{t("home:welcome.intro")}</p>
        </div>
      </section>
      <HomeGallerySection config={config} />
      <div className="cca-home-container cca-home-body">
        <div className="cca-home-stack">
          <HomeConfigSections config={config} stats={stats} prefix="" />
          <FeaturedRecords records={records} prefix="" />
          {featured.length > 0 && (
            <section aria-labelledby="home-featured">
              <h2 id="home-featured" className="cca-home-heading cca-home-h2 cca-home-h2--spaced">
                {t("home:featured.title")}
              </h2>
              <PageCards pages={featured} prefix="" readMore={t("home:featured.read_more")} />
            </section>
          )}
          <section aria-labelledby="home-microsites">
            <div className="cca-home-section-head">
              <h2 id="home-microsites" className="cca-home-heading cca-home-h2">
                {t("home:microsites.title")}
              </h2>
              <HomeLink href="/group/list" className="cca-home-link cca-home-link--teal">
                {t("home:microsites.see_all")}
              </HomeLink>
            </div>
            {layout.groups.length === 0 ? (
              <p>{t("home:microsites.empty")}</p>
            ) : (
              <ul className="cca-home-groups">
                {layout.groups.map((group) => (
                  <li key={group.id} className="cca-home-group">
                    <HomeLink href={group.webAddress} className="cca-home-link">
                      {ownGroupIcon(group.icon) && (
                        // eslint-disable-next-line @next/next/no-img-element -- a crop of the files service, already sized
                        <img src={fileCropUrl("userGroups", ownGroupIcon(group.icon)!, { h: iconHeight * 2 })} alt="" height={iconHeight} style={{ height: `${iconHeight}px` }} loading="lazy" />
                      )}
                      <span>
                        {group.name}
                        {distinctLocalName(group.name, group.nameLocal) && (
                          <span className="cca-home-group__local" lang="hi">
                            {group.nameLocal}
                          </span>
                        )}
                      </span>
                    </HomeLink>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </>
  );
}

/**
 * The join control of the group home's page header: the page's one membership state for the group
 * (shared with the top bar's control, `useGroupMembership`); the page is rendered again from the server
 * after a change (counts follow, and the server's state wins again).
 */
function GroupJoin({ group, layout }: { group: HomeGroup; layout: LayoutData }) {
  const refresh = useRefreshAfterWrite();
  const render = layout.currentGroup;
  const shown = useGroupMembership(group.id, render, layout.groupActions?.membership ?? null);
  const target = useMemo(() => ({ id: group.id, name: group.name, closed: !group.allowUserToJoin }), [group.allowUserToJoin, group.id, group.name]);
  const onChanged = useCallback(
    async (next: JoinState) => {
      setGroupMembership(group.id, render, next);
      await refresh({ page: true });
    },
    [group.id, render, refresh],
  );
  const actions = useMembershipActions(target, onChanged);
  // Unknown membership (the call failed): no control, as in the header.
  if (shown === null) return null;
  return <MembershipButtons state={shown} actions={actions} size="md" />;
}

function GroupHome({ group, featured, layout, config, stats }: Extract<Props, { kind: "group" }>) {
  const { t } = useTranslation("home");
  const prefix = layout.currentGroup.linkPrefix;
  return (
    <>
      <Head>
        <title>{group.name}</title>
        {jsonLdElement(
          "group-jsonld",
          groupOrganization({
            name: group.name,
            nameLocal: distinctLocalName(group.name, group.nameLocal) ? group.nameLocal : null,
            logo: group.icon,
            url: layout.currentGroup.webAddress,
            description: group.description,
            siteUrl: layout.siteUrl,
          }),
        )}
      </Head>
      <Box as="section" bg="white" borderBottomWidth="1px" py={{ base: 8, md: 12 }} aria-labelledby="group-title">
        <Container maxW="6xl">
          <Stack direction={{ base: "column", md: "row" }} gap={8} align={{ base: "flex-start", md: "center" }}>
            <Image src={group.icon} alt="" height={`${SITE_CONFIG.THUMBNAILS.GROUP_LOGO_HEADER}px`} width="auto" maxW="12rem" />
            <Box>
              {distinctLocalName(group.name, group.nameLocal) && (
                <Text fontSize="lg" color="gray.600" lang="hi">
                  {group.nameLocal}
                </Text>
              )}
              <PageTitle id="group-title" mb={3}>
                {group.name}
              </PageTitle>
              {group.description && (
                <Text fontSize="lg" maxW="3xl" color="gray.700" whiteSpace="pre-line">
                  {group.description}
                </Text>
              )}
              <HStack gap={4} mt={4} wrap="wrap">
                {group.memberCount !== null ? (
                  <Text fontWeight="semibold" color="gray.800">
                    {t("home:microsite_card.members", { count: group.memberCount })}
                  </Text>
                ) : null}
                <Badge colorPalette={group.allowUserToJoin ? "green" : "gray"} variant="subtle">
                  {group.allowUserToJoin ? t("home:microsite_card.open") : t("home:microsite_card.closed")}
                </Badge>
                <AppLink href={groupHref(prefix, "/about")} color="teal.700" fontWeight="semibold">
                  {t("home:microsite_card.about")}
                </AppLink>
              </HStack>
              <Box mt={4}>
                <GroupJoin group={group} layout={layout} />
              </Box>
            </Box>
          </Stack>
        </Container>
      </Box>
      <HomeGallerySection config={config} />
      <Container maxW="6xl" py={10}>
        <div className="cca-home-stack">
          <HomeConfigSections config={config} stats={stats} prefix={prefix} />
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
        </div>
      </Container>
    </>
  );
}
