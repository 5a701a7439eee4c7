import { Box, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import Head from "next/head";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import type { GroupFormValues } from "@/contracts/group.schema";
import type { LayoutData } from "@/contracts/layout";
import { AppLink } from "@/components/ui/app-link";
import { notify } from "@/components/ui/toaster";
import { getBrowserClient } from "@/lib/api/client";
import { saveGroup } from "@/lib/api/groups";
import { groupHref } from "@/lib/group-link";
import { withQueryClient } from "@/lib/query/query-client";
import { useSession } from "@/components/auth/session-context";
import { ROLES } from "@site-config";
import { GroupAdminsPanel } from "./group-admins-panel";
import { formValuesOf, groupBodyOf, GroupForm } from "./group-form";
import type { GroupEditProps } from "./group-edit.ssr";
import { GroupRequestsPanel } from "./group-requests-panel";
import { goToGroup } from "./go-to-group";

/** /group/{name}/edit: the microsite's settings, its administrators and the pending join requests (moderators: the requests only). */
function GroupEditView({ groupId, data, administrators, requests, layout }: GroupEditProps & { layout: LayoutData }) {
  const { t } = useTranslation();
  const router = useRouter();
  const prefix = layout.currentGroup.linkPrefix;
  const { user } = useSession();
  const isAdmin = user?.roles.includes(ROLES.ADMIN) ?? false;

  const save = async (values: GroupFormValues) => {
    const saved = await saveGroup(getBrowserClient(), groupId, groupBodyOf(values));
    notify.success(t("group:edit.success"));
    await goToGroup(router, saved.webAddress);
  };

  return (
    <>
      <Head>
        <title>{`${t("group:edit.title")} · ${layout.currentGroup.name}`}</title>
      </Head>
      <Container maxW="4xl" py={{ base: 6, md: 10 }}>
        <PageTitle mb={1}>
          {t("group:edit.title")}
        </PageTitle>
        <Box mb={6}>
          <AppLink href={groupHref(prefix, "/")} color="teal.700">
            {t("group:edit.back")}
          </AppLink>
        </Box>
        <Stack gap={10}>
          {data ? (
            <Box bg="white" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }}>
              <GroupForm initial={formValuesOf(data)} siteUrl={layout.siteUrl} submitLabel={t("group:edit.save")} onSubmit={save} canSetDomain={isAdmin} />
            </Box>
          ) : null}
          <Box bg="white" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }}>
            <GroupRequestsPanel groupId={groupId} initial={requests} linkPrefix={prefix} />
          </Box>
          {data ? (
            <Box as="section" aria-labelledby="group-edit-home" bg="white" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }}>
              <Heading as="h2" id="group-edit-home" size="lg" mb={2}>
                {t("group:edit.home_title")}
              </Heading>
              <Text mb={3}>{t("group:edit.home_text")}</Text>
              <AppLink href={groupHref(prefix, "/admin/homegallery")} color="teal.700" fontWeight="semibold">
                {t("group:edit.home_link")}
              </AppLink>
            </Box>
          ) : null}
          {data ? (
            <Box bg="white" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }}>
              <GroupAdminsPanel groupId={groupId} initial={administrators} linkPrefix={prefix} />
            </Box>
          ) : null}
        </Stack>
      </Container>
    </>
  );
}

export const GroupEditScreen = withQueryClient(GroupEditView);
