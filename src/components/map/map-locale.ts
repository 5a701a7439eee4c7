/**
 * MapLibre's own control texts (zoom buttons, attribution toggle, full screen, scale units…) in the
 * visitor's language. They come from locales/{en,hi}/maplibre.json like every other text, imported
 * here rather than through a route's namespaces because only the map parts (loaded on use) need them.
 */
import en from "../../../locales/en/maplibre.json";
import hi from "../../../locales/hi/maplibre.json";

type MapLibreTexts = typeof en;

const DICTIONARIES: Record<string, MapLibreTexts> = { en, hi };

/** MapLibre's locale ids, each with its key in maplibre.json. */
const LOCALE_KEYS: Record<string, keyof MapLibreTexts> = {
  "AttributionControl.ToggleAttribution": "toggle_attribution",
  "AttributionControl.MapFeedback": "map_feedback",
  "FullscreenControl.Enter": "fullscreen_enter",
  "FullscreenControl.Exit": "fullscreen_exit",
  "GeolocateControl.FindMyLocation": "find_my_location",
  "GeolocateControl.LocationNotAvailable": "location_not_available",
  "LogoControl.Title": "logo",
  "Map.Title": "map",
  "Marker.Title": "marker",
  "NavigationControl.ResetBearing": "reset_bearing",
  "NavigationControl.ZoomIn": "zoom_in",
  "NavigationControl.ZoomOut": "zoom_out",
  "Popup.Close": "close_popup",
  "ScaleControl.Feet": "feet",
  "ScaleControl.Meters": "meters",
  "ScaleControl.Kilometers": "kilometers",
  "ScaleControl.Miles": "miles",
  "ScaleControl.NauticalMiles": "nautical_miles",
  "GlobeControl.Enable": "globe_enable",
  "GlobeControl.Disable": "globe_disable",
  "TerrainControl.Enable": "terrain_enable",
  "TerrainControl.Disable": "terrain_disable",
  "CooperativeGesturesHandler.WindowsHelpText": "ctrl_scroll",
  "CooperativeGesturesHandler.MacHelpText": "cmd_scroll",
  "CooperativeGesturesHandler.MobileHelpText": "two_fingers",
};

/** MapLibre's `locale` option in `lang` (English for a language without texts); `title` names the map. */
export function mapLibreLocale(lang: string, title?: string): Record<string, string> {
  const texts = DICTIONARIES[lang] ?? en;
  const locale = Object.fromEntries(Object.entries(LOCALE_KEYS).map(([id, key]) => [id, texts[key]]));
  if (title) locale["Map.Title"] = title;
  return locale;
}
