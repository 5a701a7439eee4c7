import SITE_CONFIG from "@site-config";
import { color, space } from "@/components/ui/css-tokens";

/**
 * The chrome's stylesheet, part of the static stylesheet every page links (`static-stylesheet.tsx`).
 * Plain class names instead of Chakra style props: on the server, style props and Ark machines cost
 * ~0.1–2 ms per element, and the chrome is on every page (architecture.md, "Performance notes").
 * Colours come from Chakra's tokens.
 */
const LG = `${SITE_CONFIG.UI.MOBILE_BREAKPOINT_PX}px`;

export const LAYOUT_CSS = `
.cca-page { display: flex; flex-direction: column; min-height: 100vh; }
.cca-main { flex: 1; min-width: 0; }
.cca-main:focus { outline: none; }
.cca-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
.cca-list { list-style: none; margin: 0; padding: 0; }
.cca-link { color: inherit; text-decoration: none; border-radius: 0.25rem; }
.cca-link:hover { color: ${color("teal.700")}; text-decoration: underline; }
.cca-link[aria-current="page"] { color: ${color("teal.700")}; font-weight: 600; }
@media (max-width: ${SITE_CONFIG.UI.MOBILE_BREAKPOINT_PX - 0.02}px) { .cca-desktop-only { display: none !important; } }
@media (min-width: ${LG}) { .cca-mobile-only { display: none !important; } }

.cca-choices { border: 0; margin: 0; padding: 0; min-width: 0; }
.cca-choices > legend { padding: 0; margin-bottom: 0.5rem; font-size: 0.875rem; font-weight: 500; }
.cca-choice { display: inline-flex; align-items: center; gap: 0.5rem; font-size: 0.875rem; cursor: pointer; }
.cca-choice input { width: 1rem; height: 1rem; margin: 0; accent-color: ${color("teal.600")}; flex-shrink: 0; cursor: pointer; }
.cca-choices-error { margin-top: 0.375rem; font-size: 0.75rem; color: ${color("red.600")}; }

.cca-skip-link { position: absolute; top: 0.5rem; left: 0.5rem; z-index: 1600; padding: 0.5rem 1rem; background: white; color: ${color("teal.700")}; font-weight: 600; border-radius: 0.375rem; box-shadow: 0 4px 8px rgba(0,0,0,.15); transform: translateY(-200%); }
.cca-skip-link:focus { transform: none; }

.cca-btn { display: inline-flex; align-items: center; justify-content: center; gap: 0.375rem; height: 2rem; padding: 0 0.75rem; border: 1px solid transparent; border-radius: 0.25rem; background: transparent; color: inherit; font: inherit; font-size: 0.875rem; font-weight: 500; line-height: 1; white-space: nowrap; cursor: pointer; text-decoration: none; }
.cca-btn:hover { background: ${color("gray.100")}; }
.cca-btn--solid { background: ${color("teal.600")}; color: white; }
.cca-btn--solid:hover, .cca-btn--solid[aria-current="page"] { background: ${color("teal.700")}; }
.cca-btn--green { background: ${color("green.700")}; color: white; }
.cca-btn--green:hover { background: ${color("green.800")}; }
.cca-btn--outline { border-color: ${color("gray.300")}; }
.cca-icon-btn { display: inline-flex; align-items: center; justify-content: center; width: 2.5rem; height: 2.5rem; flex-shrink: 0; padding: 0; border: 0; border-radius: 0.375rem; background: transparent; color: inherit; font-size: 1.25rem; cursor: pointer; }
.cca-icon-btn:hover { background: ${color("gray.100")}; }
.cca-icon-btn--small { width: 1.5rem; height: 1.75rem; font-size: 1rem; }
.cca-icon-btn--outline { width: 2.25rem; height: 2.25rem; border: 1px solid ${color("gray.300")}; }

.cca-input { height: 2rem; min-width: 0; width: 100%; padding: 0 0.625rem; border: 1px solid ${color("gray.300")}; border-radius: 0.25rem; background: ${color("gray.100")}; color: inherit; font: inherit; font-size: 0.875rem; }
.cca-input:focus-visible { background: white; }
.cca-search { display: flex; align-items: center; gap: 0.25rem; }
.cca-search--full .cca-input { max-width: none; }
/* In the top bar the search gives way to the links: below 8rem (a long menu, or an English one on a
   1024-1280 px screen) the field folds behind its button and opens over the bar when it has focus
   (the button focuses it). Before, it shrank to a 22 px box nobody could type into. */
.cca-search:not(.cca-search--full) { container-type: inline-size; position: relative; width: 12.5rem; flex: 0 1 auto; min-width: 2.25rem; }
@container (max-width: 8rem) {
  .cca-search .cca-input { position: absolute; left: 2.5rem; width: 0; padding: 0; border-width: 0; opacity: 0; }
  .cca-search:focus-within .cca-input { width: 14rem; padding: 0 0.625rem; border-width: 1px; opacity: 1; background: white; z-index: 2; box-shadow: 0 4px 8px rgba(0,0,0,.12); }
}

.cca-dropdown { position: relative; display: inline-flex; align-items: center; }
.cca-dropdown__panel { position: absolute; top: calc(100% + 0.25rem); z-index: 1000; min-width: 12rem; max-width: calc(100vw - 1rem); max-height: ${SITE_CONFIG.UI.PAGES_MENU_MAX_HEIGHT}; overflow-y: auto; padding: 0.25rem; background: white; color: ${color("gray.800")}; border: 1px solid ${color("gray.200")}; border-radius: 0.375rem; box-shadow: 0 10px 24px rgba(0,0,0,.15); text-align: start; }
.cca-dropdown__panel--end { right: 0; }
.cca-dropdown__panel--start { left: 0; }
.cca-dropdown__item { display: block; padding: 0.375rem 0.5rem; border-radius: 0.25rem; color: inherit; font-size: 0.875rem; text-decoration: none; white-space: normal; }
.cca-dropdown__item:hover, .cca-dropdown__item:focus-visible { background: ${color("gray.100")}; }
.cca-dropdown__item[aria-current="page"], .cca-dropdown__item[aria-current="true"] { font-weight: 600; color: ${color("teal.700")}; }
.cca-dropdown__item--parent { font-weight: 700; }
.cca-dropdown__separator { height: 1px; margin: 0.25rem 0; background: ${color("gray.200")}; border: 0; }
.cca-dropdown__text { padding: 0.375rem 0.5rem; font-size: 0.875rem; color: ${color("gray.600")}; }

.cca-navbar { position: fixed; top: 0; left: 0; right: 0; z-index: 99; background: rgba(255,255,255,.8); backdrop-filter: blur(5px); -webkit-backdrop-filter: blur(5px); box-shadow: 0 4px 8px rgba(0,0,0,.08), 0 0 1px rgba(0,0,0,.3); }
.cca-navbar__bar { display: flex; align-items: center; gap: 0.5rem; height: 4rem; padding: 0 1rem; }
.cca-navbar__spacer { height: 4rem; }
.cca-navbar__logo { display: inline-flex; align-items: center; flex-shrink: 0; border-radius: 0.25rem; }
.cca-navbar__logo img { display: block; height: 2.5rem; width: auto; max-width: 10rem; }
.cca-navbar__items { display: flex; align-items: center; gap: 0.25rem; margin-left: auto; min-width: 0; }
.cca-navbar__row { display: flex; align-items: center; gap: 0.125rem; }
.cca-navbar__row > li { display: flex; align-items: center; }
.cca-navbar__row .cca-link { padding: 0.25rem 0.5rem; font-size: 0.875rem; font-weight: 500; white-space: nowrap; }
.cca-mobile-menu { max-height: calc(100dvh - 4rem); overflow-y: auto; padding: 0.75rem 1rem 1rem; background: white; border-top: 1px solid ${color("gray.200")}; }
.cca-mobile-menu > * + * { margin-top: 0.75rem; padding-top: 0.75rem; border-top: 1px solid ${color("gray.200")}; }
.cca-mobile-menu .cca-link { display: block; padding: 0.5rem 0; font-weight: 500; }
.cca-mobile-menu .cca-link--child { padding-left: 1rem; font-weight: 400; }

.cca-tooltip-host { position: relative; }
.cca-tooltip { position: absolute; top: calc(100% + 0.375rem); right: 0; z-index: 1800; padding: 0.25rem 0.5rem; border-radius: 0.25rem; background: ${color("gray.800")}; color: white; font-size: 0.75rem; white-space: nowrap; pointer-events: none; opacity: 0; transition: opacity .15s; }
.cca-tooltip-host:hover .cca-tooltip, .cca-tooltip-host:focus-visible .cca-tooltip { opacity: 1; }

.cca-avatar { display: inline-flex; align-items: center; justify-content: center; width: 2rem; height: 2rem; flex-shrink: 0; border-radius: 9999px; background: ${color("teal.600")}; color: white; font-size: 0.8125rem; font-weight: 600; text-transform: uppercase; }
.cca-avatar svg { width: 1.25rem; height: 1.25rem; }
.cca-avatar-btn { padding: 0.125rem; border: 0; border-radius: 9999px; background: transparent; cursor: pointer; }

.cca-group-header { background: rgba(255,255,255,.8); border-bottom: 1px solid ${color("gray.200")}; }
.cca-group-header__inner { display: flex; flex-direction: column; gap: 0.5rem; padding: 0.5rem 1rem; }
.cca-group-header__top { display: flex; align-items: center; justify-content: space-between; gap: 0.5rem; min-width: 0; }
.cca-group-header__home { display: flex; align-items: center; gap: 0.75rem; min-width: 0; padding: 0.25rem 0; color: inherit; text-decoration: none; border-radius: 0.25rem; }
.cca-group-header__logo { height: 3.75rem; width: auto; max-width: 8rem; object-fit: contain; }
.cca-group-header__local { display: block; font-size: 0.875rem; color: ${color("gray.600")}; }
.cca-group-header__name { display: block; font-size: 1.125rem; font-weight: 700; line-height: 1.3; }
.cca-group-header__actions { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
.cca-group-header__status { display: inline-flex; align-items: center; gap: 0.375rem; font-size: 0.875rem; font-weight: 600; color: ${color("green.800")}; }
.cca-group-header__membership { display: contents; }
.cca-primary-menu__list { display: flex; flex-direction: column; align-items: flex-start; gap: 0.25rem; }
.cca-primary-menu__list > li { display: flex; align-items: center; flex-wrap: wrap; }
.cca-primary-menu__list .cca-link { padding: 0.25rem 0.5rem; font-size: 0.875rem; font-weight: 500; white-space: nowrap; }
@media (max-width: ${SITE_CONFIG.UI.MOBILE_BREAKPOINT_PX - 0.02}px) {
  .cca-mobile-menu .cca-dropdown { flex-wrap: wrap; }
  .cca-mobile-menu .cca-dropdown__panel { position: static; flex-basis: 100%; max-width: none; box-shadow: none; }
  .cca-mobile-menu .cca-primary-menu__list .cca-link { padding: 0.5rem 0; white-space: normal; }
  .cca-mobile-menu .cca-primary-menu__list .cca-btn { margin-bottom: 0.25rem; }
  .cca-mobile-menu .cca-primary-menu__list .cca-dropdown > .cca-btn { padding-left: 0; }
  /* The group home's page header shows the group (LayoutOptions.pageShowsGroup): once on a phone. */
  .cca-group-header--on-page .cca-group-header__top, .cca-group-header--on-page .cca-group-header__membership { display: none; }
}
@media (min-width: ${LG}) {
  .cca-group-header__inner { flex-direction: row; align-items: center; }
  .cca-group-header__top { flex-shrink: 0; max-width: 22rem; }
  .cca-primary-menu { margin-left: auto; }
  .cca-primary-menu__list { flex-direction: row; flex-wrap: wrap; align-items: center; }
}

.cca-footer { margin-top: auto; padding: 2.5rem 0; background: ${color("gray.100")}; }
.cca-footer__inner { display: grid; gap: 2rem; max-width: 80rem; margin: 0 auto; padding: 0 1rem; }
.cca-footer__about { display: flex; flex-direction: column; align-items: flex-start; gap: 1rem; font-size: 0.875rem; }
.cca-footer__about p { margin: 0; }
.cca-footer__about .cca-link { text-decoration: underline; }
.cca-footer__logo { display: block; height: 3rem; width: auto; }
.cca-footer__social { display: flex; gap: 0.5rem; }
.cca-footer__social a { display: inline-flex; align-items: center; justify-content: center; width: 2.5rem; height: 2.5rem; border-radius: 9999px; background: white; color: ${color("gray.800")}; font-size: 1.25rem; }
.cca-footer__social a:hover { background: ${color("teal.100")}; }
.cca-footer__pages { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.5rem 1.5rem; font-size: 0.875rem; }
@media (min-width: 480px) { .cca-footer__pages { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@media (min-width: 768px) { .cca-footer { padding: 4rem 0; } .cca-footer__inner { grid-template-columns: 2fr 1fr; } }

.cca-groups-panel { display: flex; flex-direction: column; gap: 0.5rem; width: ${SITE_CONFIG.UI.GROUPS_DROPDOWN.WIDTH}; max-width: 100%; height: ${SITE_CONFIG.UI.GROUPS_DROPDOWN.HEIGHT}; padding: 0.5rem; }
.cca-groups-panel__list { flex: 1; min-height: 0; overflow-y: scroll; }
.cca-groups-panel__row { display: flex; align-items: center; gap: 0.75rem; padding: 0.375rem 0.5rem; border-radius: 0.375rem; color: inherit; font-size: 0.875rem; text-decoration: none; }
.cca-groups-panel__row:hover, .cca-groups-panel__row:focus-visible { background: ${color("gray.100")}; }
.cca-groups-panel__logo { flex-shrink: 0; width: 40px; height: 2.5rem; object-fit: contain; }
.cca-groups-panel__initials { display: inline-flex; align-items: center; justify-content: center; width: 2.5rem; border-radius: 9999px; background: ${color("teal.100")}; color: ${color("teal.800")}; font-weight: var(--chakra-font-weights-semibold); font-size: 0.875rem; }
.cca-groups-panel__local { display: block; font-size: 0.75rem; color: ${color("gray.600")}; }
.cca-groups-panel__all { align-self: flex-end; font-size: 0.875rem; font-weight: 500; }
.cca-groups-dropdown .cca-dropdown__panel { max-height: none; overflow: visible; padding: 0; }

#nprogress { pointer-events: none; }
#nprogress .bar { position: fixed; z-index: 1031; top: 0; left: 0; width: 100%; height: 2px; background: ${color("teal.500")}; }
#nprogress .peg { position: absolute; right: 0; width: 100px; height: 100%; box-shadow: 0 0 10px ${color("teal.500")}; transform: rotate(3deg) translate(0, -4px); }

.cca-announcement { display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: ${space(3)}; padding: ${space(2)} ${space(4)}; text-align: center; }
.cca-announcement__text a { text-decoration: underline; color: inherit; }
.cca-announcement__controls { display: flex; align-items: center; gap: ${space(2)}; }
.cca-announcement__position { font-size: var(--chakra-font-sizes-sm); }
.cca-announcement__text { min-width: 0; max-width: 100%; overflow-wrap: anywhere; }
.cca-announcement__button { min-width: 2.75rem; min-height: 2.75rem; padding-inline: ${space(2)}; border: 1px solid currentColor; border-radius: var(--chakra-radii-md); background: transparent; color: inherit; font-weight: var(--chakra-font-weights-semibold); cursor: pointer; }
.cca-announcement__button:focus-visible { outline: 3px solid currentColor; outline-offset: 2px; }
`;
