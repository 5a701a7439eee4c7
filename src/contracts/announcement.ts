/** A site-wide announcement (reference §4.8), as `utility-api/api/v1/services/announcement/active` lists them. */
export interface Announcement {
  id: number;
  /** Shared by the language rows of one announcement. */
  announcementId: number;
  enabled: boolean;
  color: string;
  bgColor: string;
  languageId: number;
  description: string;
  /** Language id → HTML; the banner shows `translations[languageId] || translations[205]`. */
  translations: Record<string, string>;
}
