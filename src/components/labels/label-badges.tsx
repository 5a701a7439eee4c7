import { Box, Stack, Text } from "@chakra-ui/react";
import { labelTextIn, type RecordLabel } from "@/contracts/local-contexts";
import { LabelIcon } from "@/components/labels/label-icon";
import useTranslation from "@/lib/i18n/use-translation";

/**
 * Local Contexts labels (of a record, a document or a group) as badges: icon, name and what the label
 * asks, in the visitor's language — the community's own text when it wrote one in that language, else
 * the catalogue's.
 */
export function LabelBadges({ labels, testId = "record-labels-list" }: { labels: readonly RecordLabel[]; testId?: string }) {
  const { t, lang } = useTranslation();
  return (
    <Stack as="ul" listStyleType="none" gap={2} m={0} p={0} data-testid={testId}>
      {labels.map((label) => {
        const own = labelTextIn(label, lang, "") !== "";
        const text = labelTextIn(label, lang, t(`governance:labels.types.${label.labelId}.text`));
        return (
          <Box as="li" key={label.labelId} data-label={label.labelId} display="flex" gap={3} alignItems="flex-start" bg="white" borderWidth="1px" borderColor={label.restricts ? "red.200" : "gray.200"} borderRadius="md" px={3} py={2} maxW="48rem">
            <LabelIcon kind={label.kind} restricts={label.restricts} />
            <Box minW={0}>
              <Text fontWeight="semibold" lineHeight="short">
                {t(`governance:labels.types.${label.labelId}.name`)}
                <Text as="span" fontWeight="normal" fontSize="sm" color="gray.600">
                  {" · "}
                  {t(`governance:labels.kind.${label.kind}`)}
                </Text>
                {label.restricts ? (
                  <Text as="span" fontWeight="medium" fontSize="sm" color="red.800">
                    {" · "}
                    {t("governance:labels.restricts")}
                  </Text>
                ) : null}
              </Text>
              <Text fontSize="sm" overflowWrap="anywhere" whiteSpace="pre-wrap">
                {text}
              </Text>
              {own ? (
                <Text fontSize="xs" color="gray.600">
                  {t("governance:labels.community_text")}
                </Text>
              ) : null}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
