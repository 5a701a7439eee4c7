import { Text } from "@chakra-ui/react";
import type { ConsentAudience } from "@/contracts/consent";
import useTranslation from "@/lib/i18n/use-translation";

/** The notice's translation key for a record that is not public; null for a public record (or one from before consent). */
export function consentNoticeKey(audience: ConsentAudience | undefined): string | null {
  if (audience === undefined || audience === "PUBLIC") return null;
  return `governance:notice.${audience}`;
}

/** Under a record's title, for everyone who sees a record that is not public: who it is shared with. */
export function ConsentNotice({ audience }: { audience: ConsentAudience | undefined }) {
  const { t } = useTranslation();
  const key = consentNoticeKey(audience);
  if (!key) return null;
  return (
    <Text role="note" data-testid="consent-notice" display="inline-block" mb={4} px={3} py={1.5} bg="purple.50" color="purple.900" borderWidth="1px" borderColor="purple.200" borderRadius="md" fontWeight="medium">
      {t(key)}
    </Text>
  );
}
