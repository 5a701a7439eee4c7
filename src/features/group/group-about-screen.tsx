import Head from "next/head";
import useTranslation from "@/lib/i18n/use-translation";
import { Badge, Box, Container, Heading, HStack, Image, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import { FormAlert } from "@/components/form/form-alert";
import { PeopleList } from "@/components/group/people-list";
import type { LayoutData } from "@/contracts/layout";
import dynamic from "next/dynamic";
import { distinctLocalName } from "@/lib/groups/group-names";
import type { GroupAboutProps } from "./group-about.ssr";

// The labels load after the page (they bring the API client and the governance texts).
const GroupLabels = dynamic(() => import("./group-labels"), { ssr: false, loading: () => null });

/**
 * /group/{name}/about: the description, the type, the group's Local Contexts labels (loaded after the
 * page; its founders and admins edit them), and the founders and moderators with links to their profiles.
 */
export function GroupAboutScreen({ group, administrators, layout }: GroupAboutProps & { layout: LayoutData }) {
  const { t } = useTranslation();
  const prefix = layout.currentGroup.linkPrefix;
  const title = t("group:about.title", { name: group.name });
  const localName = distinctLocalName(group.name, group.nameLocal);
  return (
    <>
      <Head>
        <title>{title}</title>
      </Head>
      <Container maxW="4xl" py={{ base: 6, md: 10 }}>
        <Stack gap={8}>
          <HStack gap={5} align="center" wrap="wrap">
            <Image src={layout.currentGroup.icon} alt="" maxH="4rem" maxW="8rem" objectFit="contain" />
            <Box minW={0}>
              {localName ? (
                <Text color="gray.600" lang="hi">
                  {localName}
                </Text>
              ) : null}
              <PageTitle overflowWrap="anywhere">
                {title}
              </PageTitle>
              <Badge mt={2} colorPalette={group.allowUserToJoin ? "green" : "gray"} variant="subtle">
                {group.allowUserToJoin ? t("group:about.open_microsite") : t("group:about.closed_microsite")}
              </Badge>
            </Box>
          </HStack>
          <Text fontSize="lg" color="gray.800" whiteSpace="pre-line">
            {group.description || t("group:about.no_description")}
          </Text>
          <GroupLabels groupId={group.id} name={group.name} canEdit={layout.user !== null && layout.groupActions?.canEditMicrosite === true} />
          {administrators === null ? (
            <FormAlert status="warning" title={t("group:admins.load_failed")} />
          ) : (
            <>
              <Box as="section" aria-labelledby="about-founders">
                <Heading as="h2" id="about-founders" size="lg" mb={3}>
                  {t("group:about.founders")}
                </Heading>
                <PeopleList people={administrators.founderList} linkPrefix={prefix} empty={t("group:about.no_founders")} label={t("group:about.founders")} />
              </Box>
              <Box as="section" aria-labelledby="about-moderators">
                <Heading as="h2" id="about-moderators" size="lg" mb={3}>
                  {t("group:about.moderators")}
                </Heading>
                <PeopleList people={administrators.moderatorList} linkPrefix={prefix} empty={t("group:about.no_moderators")} label={t("group:about.moderators")} />
              </Box>
            </>
          )}
        </Stack>
      </Container>
    </>
  );
}
