import { Box, Button, Container, HStack, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import Head from "next/head";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import type { LayoutData } from "@/contracts/layout";
import { AppLink } from "@/components/ui/app-link";
import { UserAvatar } from "@/components/ui/user-avatar";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { ApiError } from "@/lib/api/api-error";
import { groupHref } from "@/lib/group-link";
import type { VerifyTokenProps } from "./verify-token.ssr";
import { dateTimeFormat } from "@/shared/format/intl";

/** "12 March 2024" in the visitor's language; UTC so the server and the browser agree. */
function formatDate(iso: string, lang: string): string {
  return dateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

type Outcome = { state: "idle" } | { state: "busy" } | { state: "granted" } | { state: "refused"; message: string };

function Notice({ tone, children }: { tone: "success" | "info" | "error"; children: React.ReactNode }) {
  const colors = { success: ["green.50", "green.300"], info: ["blue.50", "blue.200"], error: ["red.50", "red.300"] }[tone];
  return (
    <Box role={tone === "error" ? "alert" : "status"} bg={colors[0]} borderWidth="1px" borderColor={colors[1]} borderRadius="md" px={4} py={3}>
      {children}
    </Box>
  );
}

/** The link of a "request to contribute" message: who asks for what, and "Let them edit" for the owner or a curator. */
export function VerifyTokenScreen({ token, view, problem, layout }: VerifyTokenProps & { layout: LayoutData }) {
  const { t, lang } = useTranslation();
  const prefix = layout.currentGroup.linkPrefix;
  const [outcome, setOutcome] = useState<Outcome>({ state: "idle" });

  const grant = async () => {
    if (!token) return;
    setOutcome({ state: "busy" });
    try {
      const { grantContributor } = await import("@/lib/api/cca-social");
      await grantContributor(await loadBrowserClient(), token);
      setOutcome({ state: "granted" });
    } catch (error) {
      const e = ApiError.from(error);
      const { apiErrorMessage, translateMessage } = await import("@/lib/api/error-message");
      const message = translateMessage(t, e.fieldErrors?.token) ?? apiErrorMessage(t, error);
      setOutcome({ state: "refused", message });
    }
  };

  const name = view?.requester.name ?? "";
  const recordHref = view ? groupHref(prefix, `/data/show/${view.record.id}`) : null;

  return (
    <>
      <Head>
        <title>{t("contribute:verify.title")}</title>
      </Head>
      <Container maxW="2xl" py={{ base: 6, md: 10 }}>
        <PageTitle mb={6}>
          {t("contribute:verify.title")}
        </PageTitle>
        {problem ? <Notice tone="error">{t(problem === "missing" ? "contribute:verify.missing" : "contribute:verify.invalid")}</Notice> : null}
        {view ? (
          <Stack gap={5}>
            <HStack gap={3} align="center">
              <UserAvatar name={view.requester.name} profilePic={view.requester.profilePic} size={48} />
              <Text fontSize="lg" fontWeight="semibold">
                {t("contribute:verify.asks", { name, title: view.record.title })}
              </Text>
            </HStack>
            <Box as="figure" m={0} borderLeftWidth="4px" borderColor="teal.300" pl={4}>
              <Text as="figcaption" fontSize="sm" color="gray.600">
                {t("contribute:verify.message")}
              </Text>
              <Text as="blockquote" whiteSpace="pre-line" overflowWrap="anywhere" m={0}>
                {view.message}
              </Text>
            </Box>
            <Text fontSize="sm" color="gray.600">
              {t("contribute:verify.sent_on", { date: formatDate(view.createdOn, lang) })}
              {view.status === "pending" ? ` · ${t("contribute:verify.valid_until", { date: formatDate(view.expiresOn, lang) })}` : ""}
            </Text>

            {outcome.state === "granted" ? <Notice tone="success">{t("contribute:verify.granted", { name })}</Notice> : null}
            {outcome.state === "refused" ? <Notice tone="error">{outcome.message}</Notice> : null}
            {outcome.state !== "granted" && view.status === "granted" ? (
              <Notice tone="info">
                {t("contribute:verify.already_granted", { name })}
                {view.grantedBy ? ` ${t("contribute:verify.already_granted_by", { name: view.grantedBy.name })}` : ""}
              </Notice>
            ) : null}
            {outcome.state !== "granted" && view.status === "expired" ? <Notice tone="error">{t("contribute:verify.expired", { name })}</Notice> : null}
            {outcome.state !== "granted" && view.status === "pending" && view.alreadyEditor ? <Notice tone="info">{t("contribute:verify.already_editor", { name })}</Notice> : null}

            <HStack gap={3} flexWrap="wrap">
              {view.status === "pending" && outcome.state !== "granted" && outcome.state !== "refused" ? (
                <Button colorPalette="teal" onClick={grant} loading={outcome.state === "busy"}>
                  {t("contribute:verify.grant")}
                </Button>
              ) : null}
              {recordHref ? (
                <AppLink href={recordHref} color="teal.700" fontWeight="semibold">
                  {t("contribute:verify.open_record")}
                </AppLink>
              ) : null}
              <AppLink href={groupHref(prefix, `/user/show/${view.requester.id}`)} color="teal.700">
                {t("contribute:verify.requester_profile", { name })}
              </AppLink>
            </HStack>
          </Stack>
        ) : null}
      </Container>
    </>
  );
}
