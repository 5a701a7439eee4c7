import NextLink from "next/link";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useEffect } from "react";
import SITE_CONFIG from "@site-config";
import { ChevronDownIcon, LanguageIcon } from "@/components/ui/icons";
import { readBrowserCookie, writeBrowserCookie } from "@/lib/auth/cookies";
import { Dropdown } from "./dropdown";

const { LOCALE } = SITE_CONFIG.COOKIES;
const LANGUAGES = SITE_CONFIG.LANG.LIST;

export function saveLocaleCookie(locale: string): void {
  writeBrowserCookie(LOCALE.NAME, locale, LOCALE.MAX_AGE);
}

/** First visit: remember the language the visitor landed on (spec §4). */
export function useLocaleCookie(lang: string): void {
  useEffect(() => {
    if (lang && !readBrowserCookie(LOCALE.NAME)) saveLocaleCookie(lang);
  }, [lang]);
}

/**
 * The interface languages as links to the same page in each language (they work without
 * JavaScript too); following one stores the choice in NEXT_LOCALE. The current one carries
 * aria-current.
 */
export function LanguageSwitcher() {
  const { t, lang } = useTranslation();
  const { asPath } = useRouter();
  const current = LANGUAGES.find((l) => l.code === lang) ?? LANGUAGES[0];
  return (
    <Dropdown
      label={
        <>
          <LanguageIcon />
          <span className="cca-sr-only">{t("header:language.label")}: </span>
          <span lang={current?.code}>{current?.name}</span>
          <ChevronDownIcon />
        </>
      }
    >
      <ul className="cca-list">
        {LANGUAGES.map((l) => (
          <li key={l.code}>
            <NextLink
              href={asPath}
              locale={l.code}
              lang={l.code}
              hrefLang={l.code}
              className="cca-dropdown__item"
              aria-current={l.code === lang ? "true" : undefined}
              onClick={() => saveLocaleCookie(l.code)}
            >
              {l.name}
            </NextLink>
          </li>
        ))}
      </ul>
    </Dropdown>
  );
}
