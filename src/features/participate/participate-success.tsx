import { Box, Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import Head from "next/head";
import { useRouter } from "next/router";
import { useEffect, useRef } from "react";
import type { ConsentAudience } from "@/contracts/consent";
import type { ReviewState } from "@/contracts/review";
import type { CCAField } from "@/contracts/template";
import type { FormValues } from "@/components/record-form/form-model";
import { AppLink } from "@/components/ui/app-link";
import { CheckIcon } from "@/components/ui/icons";
import { notify } from "@/components/ui/toaster";
import { groupHref } from "@/lib/group-link";
import useTranslation from "@/lib/i18n/use-translation";

/** The new record's title as the member typed it (its title fields' text and numbers), or "" when none. */
export function recordTitleOf(fields: readonly CCAField[], values: FormValues): string {
  const parts: string[] = [];
  const walk = (list: readonly CCAField[]) => {
    for (const field of list) {
      if (field.type === "HEADING") walk(field.children);
      else if (field.isTitleColumn) {
        const value = values[field.fieldId];
        if ((typeof value === "string" && value.trim() !== "") || typeof value === "number") parts.push(String(value).trim());
      }
    }
  };
  walk(fields);
  return parts.join(", ");
}

export interface ParticipateSuccessProps {
  recordId: number;
  /** The record's title ("" when the form has no title field filled in). */
  recordTitle: string;
  linkPrefix: string;
  /** Who may see the record under the consent given (absent: public, as before consent). */
  audience?: ConsentAudience;
  /** The saved record's review state: "PENDING" when its form asks for a curator's review first (absent: published). */
  reviewState?: ReviewState;
  /** Shows an empty form again. */
  onAddAnother: () => void;
}

/**
 * What a member sees once the record is saved: who may see it (public: listed for everyone; otherwise
 * the audience its consent names, and that it is in no public list or map; a record whose form asks for
 * a curator's review: that it waits for it, whatever its consent), and the next steps. Rendered only
 * in the browser (after a submit); the heading takes the focus so a screen reader announces the result.
 */
export function ParticipateSuccess({ recordId, recordTitle, linkPrefix, audience = "PUBLIC", reviewState, onAddAnother }: ParticipateSuccessProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, []);

  const recordPath = groupHref(linkPrefix, `/data/show/${recordId}`);
  const localePrefix = router.locale && router.locale !== router.defaultLocale ? `/${router.locale}` : "";
  const recordUrl = new URL(`${localePrefix}${recordPath}`, window.location.origin).href;
  const canShare = typeof navigator.share === "function";
  const isPublic = audience === "PUBLIC";
  const waitsForReview = reviewState === "PENDING";
  const title = waitsForReview ? t("governance:review.success.title") : isPublic ? t("template:participate.success.title") : t("governance:success.title_restricted");

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recordUrl);
      notify.success(t("template:participate.success.copied"));
    } catch {
      notify.error(t("template:participate.success.copy_error"));
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: recordTitle || title, url: recordUrl });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if ((error as { name?: string } | null)?.name !== "AbortError") await copy();
    }
  };

  return (
    <>
      <Head>
        <title>{title}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <Container maxW="3xl" py={{ base: 6, md: 10 }}>
        <Box as="section" aria-labelledby="participate-success" borderWidth="1px" borderColor="green.300" bg="green.50" borderRadius="md" p={{ base: 5, md: 8 }} data-testid="participate-success">
          <Box role="status">
            <PageTitle id="participate-success" ref={heading} tabIndex={-1} display="flex" alignItems="center" gap={3} mb={3} _focusVisible={{ outline: "2px solid", outlineColor: "teal.500", outlineOffset: "4px" }}>
              <Box as="span" display="inline-flex" bg="green.700" color="white" borderRadius="full" p={1.5} aria-hidden="true">
                <CheckIcon />
              </Box>
              {title}
            </PageTitle>
            {waitsForReview ? (
              <Text mb={6} data-testid="participate-success-review">
                {recordTitle ? t("governance:review.success.body_named", { name: recordTitle }) : t("governance:review.success.body")}
              </Text>
            ) : isPublic ? (
              <Text mb={6}>{recordTitle ? t("template:participate.success.body", { name: recordTitle }) : t("template:participate.success.body_untitled")}</Text>
            ) : (
              <Text mb={6} data-testid="participate-success-audience">
                {t("governance:success.restricted", { audience: t(`governance:audience_phrase.${audience}`) })}
              </Text>
            )}
          </Box>
          <Heading as="h2" size="md" mb={3}>
            {t("template:participate.success.next")}
          </Heading>
          <Stack as="ul" listStyleType="none" gap={3} direction={{ base: "column", sm: "row" }} wrap="wrap" align={{ base: "stretch", sm: "center" }}>
            <li>
              <Button asChild colorPalette="teal" w={{ base: "full", sm: "auto" }}>
                <AppLink href={recordPath}>{t("template:participate.success.view")}</AppLink>
              </Button>
            </li>
            <li>
              <Button asChild variant="outline" colorPalette="teal" bg="white" w={{ base: "full", sm: "auto" }}>
                <AppLink href={groupHref(linkPrefix, `/data/edit/${recordId}`)}>{t("template:participate.success.edit")}</AppLink>
              </Button>
            </li>
            <li>
              <Button variant="outline" colorPalette="teal" bg="white" w={{ base: "full", sm: "auto" }} onClick={onAddAnother}>
                {t("template:participate.success.add_another")}
              </Button>
            </li>
            <li>
              {canShare ? (
                <Button variant="outline" colorPalette="teal" bg="white" w={{ base: "full", sm: "auto" }} onClick={() => void share()}>
                  {t("template:participate.success.share")}
                </Button>
              ) : (
                <Button variant="outline" colorPalette="teal" bg="white" w={{ base: "full", sm: "auto" }} onClick={() => void copy()}>
                  {t("template:participate.success.copy_link")}
                </Button>
              )}
            </li>
          </Stack>
          <Box mt={6}>
            <AppLink href={groupHref(linkPrefix, "/participate/list")} color="teal.700" fontWeight="semibold">
              {t("template:participate.success.all_forms")}
            </AppLink>
          </Box>
        </Box>
      </Container>
    </>
  );
}
