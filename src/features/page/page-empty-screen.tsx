import Head from "next/head";
import useTranslation from "@/lib/i18n/use-translation";
import { Button, Container, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import type { LayoutData } from "@/contracts/layout";
import { AppLink } from "@/components/ui/app-link";
import { useSessionUser } from "@/components/auth/session-context";
import { groupHref } from "@/lib/group-link";
import { canEditPagesFor } from "@/lib/groups/group-actions";

/** /page/empty: the pages menu's target when the current tree has no pages; editors may start one. */
export function PageEmptyScreen({ layout }: { layout?: LayoutData }) {
  const { t } = useTranslation("page");
  const user = useSessionUser(layout?.user ?? null);
  const canEdit = layout ? (user === layout.user ? layout.canEditPages : canEditPagesFor(user, layout.currentGroup, null)) : false;
  return (
    <>
      <Head>
        <title>{t("page:empty.title")}</title>
      </Head>
      <Container maxW="3xl" py={20} textAlign="center">
        <PageTitle mb={4}>
          {t("page:empty.title")}
        </PageTitle>
        <Text color="gray.700">{t("page:empty.description")}</Text>
        {canEdit && layout && (
          <Button asChild mt={8} colorPalette="teal">
            <AppLink href={groupHref(layout.currentGroup.linkPrefix, "/page/create")}>{t("page:empty.create")}</AppLink>
          </Button>
        )}
      </Container>
    </>
  );
}
