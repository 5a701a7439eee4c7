import useTranslation from "@/lib/i18n/use-translation";

export const MAIN_CONTENT_ID = "main-content";

/** First focusable element of every page; visible only while focused. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="cca-skip-link">
      {t("common:skip_to_content")}
    </a>
  );
}
