/**
 * Small hand-made SVGs for the demo scenario: group logos and page illustrations. Written into the
 * files store at seed time (no binary assets in the repository).
 */
const svg = (width: number, height: number, label: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}">${body}</svg>\n`;

const MOTIFS = {
  tree: `<rect x="58" y="78" width="12" height="26" rx="3" fill="#6b4423"/>
    <circle cx="64" cy="56" r="26" fill="#c6f6d5"/><circle cx="48" cy="66" r="16" fill="#9ae6b4"/><circle cx="80" cy="66" r="16" fill="#9ae6b4"/>`,
  mountain: `<path d="M18 98 L52 44 L70 70 L84 52 L112 98 Z" fill="#e9d8fd"/><path d="M52 44 L60 57 L52 54 L45 56 Z" fill="#fff"/>
    <circle cx="94" cy="34" r="9" fill="#fbd38d"/>`,
  grass: `<path d="M30 100 Q34 70 26 46 Q42 70 40 100 Z M50 100 Q52 62 46 30 Q64 64 58 100 Z M68 100 Q72 58 84 34 Q80 70 76 100 Z M86 100 Q92 74 104 58 Q98 82 94 100 Z" fill="#fefcbf"/>
    <rect x="22" y="98" width="84" height="6" rx="3" fill="#f6e05e"/>`,
  waves: `<path d="M20 70 q11 -10 22 0 t22 0 t22 0 t22 0 t22 0" stroke="#bee3f8" stroke-width="7" fill="none" stroke-linecap="round"/>
    <path d="M20 90 q11 -10 22 0 t22 0 t22 0 t22 0 t22 0" stroke="#90cdf4" stroke-width="7" fill="none" stroke-linecap="round"/>
    <path d="M46 52 q18 -20 40 -4 q-6 2 -8 8 q-12 -8 -32 -4 z" fill="#ebf8ff"/>`,
} as const;

export type LogoMotif = keyof typeof MOTIFS;

export function groupLogoSvg(label: string, color: string, motif: LogoMotif): string {
  return svg(128, 128, label, `<circle cx="64" cy="64" r="62" fill="${color}"/>${MOTIFS[motif]}`);
}

/** Page illustrations, referenced from page content as /files-api/api/get/raw/pages/seed/<name>. */
export const PAGE_ILLUSTRATIONS: Record<string, string> = {
  "cca-landscape.svg": svg(
    800,
    360,
    "A forested valley with a river and hills",
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bee3f8"/><stop offset="1" stop-color="#ebf8ff"/></linearGradient></defs>
    <rect width="800" height="360" fill="url(#sky)"/><circle cx="660" cy="80" r="42" fill="#fbd38d"/>
    <path d="M0 230 L140 120 L260 210 L380 110 L520 220 L640 140 L800 230 L800 360 L0 360 Z" fill="#9ae6b4"/>
    <path d="M0 270 Q200 210 400 260 T800 250 L800 360 L0 360 Z" fill="#48bb78"/>
    <path d="M320 360 Q380 300 450 290 T620 250" stroke="#63b3ed" stroke-width="26" fill="none" stroke-linecap="round"/>
    ${[60, 110, 160, 210, 560, 610, 700, 750].map((x, i) => `<path d="M${x} ${300 - (i % 2) * 14} l22 -64 l22 64 z" fill="#276749"/>`).join("")}`,
  ),
  "community-meeting.svg": svg(
    600,
    300,
    "Villagers meeting in a circle under a tree",
    `<rect width="600" height="300" fill="#fffaf0"/><ellipse cx="300" cy="250" rx="260" ry="34" fill="#f6e05e" opacity="0.5"/>
    <rect x="290" y="120" width="20" height="120" fill="#744210"/><circle cx="300" cy="100" r="70" fill="#38a169"/>
    ${[120, 180, 240, 360, 420, 480].map((x, i) => `<circle cx="${x}" cy="${200 + (i % 2) * 14}" r="14" fill="${["#c05621", "#2b6cb0", "#b83280", "#2c7a7b", "#6b46c1", "#c53030"][i]}"/><rect x="${x - 13}" y="${216 + (i % 2) * 14}" width="26" height="34" rx="10" fill="${["#dd6b20", "#3182ce", "#d53f8c", "#319795", "#805ad5", "#e53e3e"][i]}"/>`).join("")}`,
  ),
  "lagoon-boats.svg": svg(
    600,
    260,
    "Fishing boats on a lagoon at dawn",
    `<rect width="600" height="260" fill="#fed7e2"/><circle cx="120" cy="90" r="36" fill="#fbb6ce"/>
    <rect y="150" width="600" height="110" fill="#4299e1"/>
    ${[140, 320, 470].map((x) => `<path d="M${x - 50} 170 h100 l-18 22 h-64 z" fill="#2d3748"/><path d="M${x} 168 v-70 l44 62 z" fill="#f7fafc"/>`).join("")}
    <path d="M0 210 q30 -8 60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0" stroke="#bee3f8" stroke-width="4" fill="none"/>`,
  ),
};

/** Gallery banners, rendered to JPEG at seed time so the resize endpoint has real rasters to work on. */
export const GALLERY_BANNERS: Record<string, string> = {
  "sacred-grove.jpg": svg(
    1600,
    600,
    "Sacred grove canopy",
    `<rect width="1600" height="600" fill="#22543d"/>
    ${Array.from({ length: 28 }, (_, i) => `<circle cx="${(i * 131) % 1600}" cy="${120 + ((i * 67) % 380)}" r="${90 + ((i * 29) % 70)}" fill="${["#276749", "#2f855a", "#38a169", "#48bb78"][i % 4]}" opacity="0.85"/>`).join("")}
    <rect x="760" y="330" width="60" height="270" fill="#5f370e"/>`,
  ),
  "grassland-dusk.jpg": svg(
    1600,
    600,
    "Grassland at dusk with grazing cattle",
    `<defs><linearGradient id="d" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6ad55"/><stop offset="1" stop-color="#fefcbf"/></linearGradient></defs>
    <rect width="1600" height="600" fill="url(#d)"/><circle cx="1200" cy="250" r="80" fill="#fff5f5" opacity="0.8"/>
    <rect y="380" width="1600" height="220" fill="#d69e2e"/>
    ${[300, 520, 980].map((x) => `<ellipse cx="${x}" cy="400" rx="60" ry="26" fill="#2d3748"/><rect x="${x - 40}" y="410" width="10" height="40" fill="#2d3748"/><rect x="${x + 30}" y="410" width="10" height="40" fill="#2d3748"/><circle cx="${x + 66}" cy="384" r="16" fill="#2d3748"/>`).join("")}`,
  ),
};
