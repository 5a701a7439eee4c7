import { Text } from "@chakra-ui/react";
import useTranslation from "@/lib/i18n/use-translation";
import { licenseByName } from "@/shared/licenses";

/** The layer's licence by its translated name, linked to its text when it has one; an unknown name as given. */
export function LayerLicense({ name }: { name: string }) {
  const { t } = useTranslation();
  const license = licenseByName(name);
  const label = license ? t(`page:license_names.${license.key}`) : name;
  return (
    <Text fontSize="xs" color="gray.700">
      {t("map:license")}:{" "}
      {license?.url ? (
        <a href={license.url} rel="license" style={{ color: "#285e61", textDecoration: "underline" }}>
          {label}
        </a>
      ) : (
        label
      )}
    </Text>
  );
}