import useTranslation from "@/lib/i18n/use-translation";
import { ExternalLinkIcon } from "./icons";

/**
 * Put inside a link that leaves the portal: an icon for the eye and "(opens another site)" for a
 * screen reader (the chrome's visually hidden class), in the visitor's language.
 */
export function ExternalMark() {
  const { t } = useTranslation();
  return (
    <>
      {" "}
      <ExternalLinkIcon size="0.85em" style={{ display: "inline", verticalAlign: "baseline" }} />
      <span className="cca-sr-only">{t("common:external_link")}</span>
    </>
  );
}
