import { Box, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import Head from "next/head";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import type { GroupFormValues } from "@/contracts/group.schema";
import type { LayoutData } from "@/contracts/layout";
import { notify } from "@/components/ui/toaster";
import { getBrowserClient } from "@/lib/api/client";
import { createGroup } from "@/lib/api/groups";
import { withQueryClient } from "@/lib/query/query-client";
import { EMPTY_GROUP_FORM, groupBodyOf, GroupForm } from "./group-form";
import { goToGroup } from "./go-to-group";
import { PersonPicker, type PickedPerson } from "./person-picker";

const userIds = (picked: PickedPerson[]) => picked.flatMap((p) => (p.kind === "user" ? [p.user.id] : []));

/** /group/create (site admins): the microsite's settings and its first founders and moderators; then its home. */
function GroupCreateView({ layout }: { layout: LayoutData }) {
  const { t } = useTranslation();
  const router = useRouter();
  const [founders, setFounders] = useState<PickedPerson[]>([]);
  const [moderators, setModerators] = useState<PickedPerson[]>([]);

  const create = async (values: GroupFormValues) => {
    const created = await createGroup(getBrowserClient(), {
      ...groupBodyOf(values),
      invitationData: { founderIds: userIds(founders), moderatorsIds: userIds(moderators) },
    });
    notify.success(t("group:create.success"));
    await goToGroup(router, created.webAddress);
  };

  return (
    <>
      <Head>
        <title>{t("group:create.title")}</title>
      </Head>
      <Container maxW="4xl" py={{ base: 6, md: 10 }}>
        <PageTitle mb={2}>
          {t("group:create.title")}
        </PageTitle>
        <Text color="gray.700" mb={6}>
          {t("group:create.intro")}
        </Text>
        <Box bg="white" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }}>
          <GroupForm initial={EMPTY_GROUP_FORM} siteUrl={layout.siteUrl} submitLabel={t("group:create.submit")} onSubmit={create}>
            <Box as="section" aria-labelledby="group-create-admins">
              <Heading as="h2" id="group-create-admins" size="lg" mb={2}>
                {t("group:create.initial_admins")}
              </Heading>
              <Text color="gray.600" fontSize="sm" mb={4}>
                {t("group:create.initial_admins_hint")}
              </Text>
              <Stack gap={6}>
                <PersonPicker label={t("group:admins.role_founder")} picked={founders} onChange={setFounders} />
                <PersonPicker label={t("group:admins.role_moderator")} picked={moderators} onChange={setModerators} />
              </Stack>
            </Box>
          </GroupForm>
        </Box>
      </Container>
    </>
  );
}

export const GroupCreateScreen = withQueryClient(GroupCreateView);
