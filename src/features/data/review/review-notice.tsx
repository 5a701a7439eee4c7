import { Text } from "@chakra-ui/react";
import type { ReviewState } from "@/contracts/review";
import useTranslation from "@/lib/i18n/use-translation";

/** The notice's text key and values for a record's review state; null for a published record (or one from before review). */
export function reviewNoticeText(state: ReviewState | undefined, note: string | null | undefined): { key: string; values?: { note: string } } | null {
  if (state === "PENDING") return { key: "governance:review.notice.PENDING" };
  if (state !== "RETURNED") return null;
  const text = note?.trim();
  return text ? { key: "governance:review.notice.RETURNED", values: { note: text } } : { key: "governance:review.notice.RETURNED_no_note" };
}

/**
 * Under a record's title, for those who see a record that is not yet published (its owner, the curators,
 * its groups' founders and moderators): it waits for a curator's review, or was sent back with a message.
 */
export function ReviewNotice({ state, note }: { state: ReviewState | undefined; note?: string | null }) {
  const { t } = useTranslation();
  const text = reviewNoticeText(state, note);
  if (!text) return null;
  const returned = state === "RETURNED";
  return (
    <Text
      role="note"
      data-testid="review-notice"
      data-review-state={state}
      display="block"
      w="fit-content"
      maxW="full"
      mb={4}
      px={3}
      py={1.5}
      bg={returned ? "orange.50" : "blue.50"}
      color={returned ? "orange.900" : "blue.900"}
      borderWidth="1px"
      borderColor={returned ? "orange.200" : "blue.200"}
      borderRadius="md"
      fontWeight="medium"
      whiteSpace="pre-line"
    >
      {t(text.key, text.values)}
    </Text>
  );
}
