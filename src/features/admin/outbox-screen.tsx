import { Badge, Box, Button, Container, HStack, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import { Field } from "@/components/ui/chakra/field";
import { Input } from "@/components/ui/chakra/input";
import Head from "next/head";
import useTranslation from "@/lib/i18n/use-translation";
import { useId } from "react";
import type { OutboxMessage } from "@/lib/api/outbox";
import { AppLink } from "@/components/ui/app-link";
import type { OutboxProps } from "./outbox.ssr";
import { dateTimeFormat } from "@/shared/format/intl";

function formatTime(iso: string | null, lang: string): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(lang, { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" }).format(date) + " UTC";
}

function Message({ message, lang }: { message: OutboxMessage; lang: string }) {
  const { t } = useTranslation();
  const channel = message.channel.toLowerCase();
  return (
    <Box as="li" bg="white" borderWidth="1px" borderRadius="lg" p={4}>
      <HStack justify="space-between" wrap="wrap" gap={2} mb={2}>
        <HStack gap={2} wrap="wrap" minW={0}>
          <Badge colorPalette={channel === "sms" ? "purple" : "teal"}>{channel === "sms" || channel === "email" ? t(`admin:outbox.channel_${channel}`) : message.channel}</Badge>
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {message.recipient}
          </Text>
        </HStack>
        {message.createdOn ? (
          <Text fontSize="sm" color="gray.600">
            <time dateTime={message.createdOn}>{formatTime(message.createdOn, lang)}</time>
          </Text>
        ) : null}
      </HStack>
      {message.subject ? (
        <Text fontWeight="medium" mb={1}>
          {message.subject}
        </Text>
      ) : null}
      <Text as="pre" whiteSpace="pre-wrap" overflowWrap="anywhere" fontFamily="inherit" fontSize="sm" color="gray.800">
        {message.body}
      </Text>
      <Text fontSize="xs" color={message.error ? "red.700" : "gray.600"} mt={2}>
        {message.error ? t("admin:outbox.failed", { error: message.error }) : message.deliveredAt ? t("admin:outbox.delivered") : t("admin:outbox.outbox_only")}
      </Text>
    </Box>
  );
}

/** /admin/outbox: the newest messages the platform sent (OTPs included), for deployments without mail or SMS. */
export function OutboxScreen({ to, messages }: OutboxProps) {
  const { t, lang } = useTranslation();
  const inputId = useId();
  return (
    <>
      <Head>
        <title>{t("admin:outbox.title")}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <Container maxW="4xl" py={{ base: 6, md: 10 }}>
        <PageTitle mb={2}>
          {t("admin:outbox.title")}
        </PageTitle>
        <Text color="gray.700" mb={6}>
          {t("admin:outbox.description")}
        </Text>
        {/* A plain GET form: works before (and without) JavaScript. */}
        <form role="search" method="get">
          <Stack direction={{ base: "column", sm: "row" }} gap={3} align={{ sm: "flex-end" }} mb={6}>
            <Field.Root flex="1">
              <Field.Label htmlFor={inputId}>{t("admin:outbox.filter_label")}</Field.Label>
              <Input id={inputId} name="to" type="search" bg="white" defaultValue={to} placeholder={t("admin:outbox.filter_placeholder")} />
            </Field.Root>
            <Button type="submit">{t("admin:outbox.filter_submit")}</Button>
            {to ? (
              <AppLink href="/admin/outbox" color="teal.700" alignSelf={{ sm: "center" }}>
                {t("admin:outbox.clear")}
              </AppLink>
            ) : null}
          </Stack>
        </form>
        {messages === null ? (
          <Text role="alert" bg="white" borderWidth="1px" borderRadius="lg" p={6}>
            {t("admin:outbox.error")}
          </Text>
        ) : messages.length === 0 ? (
          <Text bg="white" borderWidth="1px" borderRadius="lg" p={6}>
            {t("admin:outbox.empty")}
          </Text>
        ) : (
          <Stack as="ol" listStyleType="none" gap={3} aria-label={t("admin:outbox.list_label")}>
            {messages.map((message) => (
              <Message key={message.id} message={message} lang={lang} />
            ))}
          </Stack>
        )}
      </Container>
    </>
  );
}
