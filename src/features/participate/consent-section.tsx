import { Box, Text } from "@chakra-ui/react";
import { ConsentFields, type ConsentFieldsProps } from "@/components/consent/consent-fields";
import useTranslation from "@/lib/i18n/use-translation";

/** The participation form's consent section: a titled group with the consent's fields. */
export function ConsentSection(props: Omit<ConsentFieldsProps, "withAudience">) {
  const { t } = useTranslation();
  return (
    <Box as="section" aria-labelledby={`${props.idPrefix}-title`} borderWidth="1px" borderRadius="md" p={{ base: 4, md: 5 }} data-testid="consent-section">
      <Text as="h2" id={`${props.idPrefix}-title`} fontWeight="semibold" fontSize="lg" mb={1}>
        {t("governance:section.title")}
      </Text>
      <Text fontSize="sm" color="gray.700" mb={4}>
        {t("governance:section.intro")}
      </Text>
      <ConsentFields {...props} />
    </Box>
  );
}
