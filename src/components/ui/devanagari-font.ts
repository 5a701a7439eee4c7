/**
 * The family every font stack starts with (provider.tsx): Noto Sans Devanagari in a regular and a real
 * bold weight, served by the portal for Devanagari letters only (`devanagari-font-files.ts`). A device
 * with only a regular Devanagari font no longer draws Hindi headings in regular weight; Latin text
 * falls through to the system fonts, and a page without Devanagari text downloads nothing.
 */
export const DEVANAGARI_FONT_FAMILY = "Portal Devanagari";
