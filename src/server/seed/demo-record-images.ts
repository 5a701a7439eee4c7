/**
 * Hand-drawn SVG "photos" of the demo CCA records (640×420), in the style of demo-images.ts: groves,
 * wetlands, mountains, coast, grassland and people at a meeting. Records reference them from FILE
 * values as `seed-photo:<name>`; the seed writes them into the files store and rewrites the paths.
 */
const W = 640;
const H = 420;

const svg = (label: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${label}">${body}</svg>\n`;

const rect = (fill: string, y = 0, h = H) => `<rect y="${y}" width="${W}" height="${h}" fill="${fill}"/>`;
const sun = (x: number, y: number, r: number, fill = "#fbd38d") => `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>`;

/** A broad-leaved tree: trunk and three crowns. */
const tree = (x: number, y: number, s: number, fill: string) =>
  `<rect x="${x - 4 * s}" y="${y - 30 * s}" width="${8 * s}" height="${30 * s}" rx="${2 * s}" fill="#6b4423"/>` +
  `<circle cx="${x}" cy="${y - 44 * s}" r="${24 * s}" fill="${fill}"/><circle cx="${x - 16 * s}" cy="${y - 34 * s}" r="${15 * s}" fill="${fill}"/><circle cx="${x + 16 * s}" cy="${y - 34 * s}" r="${15 * s}" fill="${fill}"/>`;

/** A conifer: a narrow triangle on a short trunk. */
const pine = (x: number, y: number, h: number, fill = "#276749") =>
  `<rect x="${x - 3}" y="${y - 10}" width="6" height="10" fill="#5f370e"/><path d="M${x} ${y - h} l${h / 4} ${h - 8} h${-h / 2} z" fill="${fill}"/>`;

/** A person: head and body, optionally holding a stick. */
const person = (x: number, y: number, fill: string, stick = false) =>
  `<circle cx="${x}" cy="${y - 44}" r="10" fill="#8b5a2b"/><rect x="${x - 10}" y="${y - 32}" width="20" height="32" rx="8" fill="${fill}"/>` +
  (stick ? `<path d="M${x + 12} ${y} l8 -46" stroke="#5f370e" stroke-width="3" stroke-linecap="round"/>` : "");

const waves = (y: number, stroke: string, width = 4) =>
  `<path d="M0 ${y}${" q20 -8 40 0 t40 0".repeat(8)}" stroke="${stroke}" stroke-width="${width}" fill="none" stroke-linecap="round"/>`;

/** A flying bird, as two strokes. */
const bird = (x: number, y: number, stroke = "#2d3748") => `<path d="M${x} ${y} q6 -7 12 0 q6 -7 12 0" stroke="${stroke}" stroke-width="2.5" fill="none"/>`;

/** A wading bird: body, long neck and legs. */
const wader = (x: number, y: number, body: string, head: string) =>
  `<ellipse cx="${x}" cy="${y - 40}" rx="20" ry="11" fill="${body}"/><path d="M${x + 14} ${y - 44} q10 -18 4 -34" stroke="${body}" stroke-width="5" fill="none"/>` +
  `<circle cx="${x + 18}" cy="${y - 78}" r="6" fill="${head}"/><path d="M${x + 22} ${y - 78} l14 4" stroke="#dd6b20" stroke-width="3"/>` +
  `<path d="M${x - 4} ${y - 30} v30 M${x + 6} ${y - 30} v30" stroke="#4a5568" stroke-width="2.5"/>`;

/** A grazing animal (buffalo, yak, cow): body, legs, head. */
const beast = (x: number, y: number, fill: string, s = 1) =>
  `<ellipse cx="${x}" cy="${y - 30 * s}" rx="${40 * s}" ry="${18 * s}" fill="${fill}"/>` +
  `<path d="M${x - 28 * s} ${y - 20 * s} v${20 * s} M${x - 14 * s} ${y - 18 * s} v${18 * s} M${x + 14 * s} ${y - 18 * s} v${18 * s} M${x + 28 * s} ${y - 20 * s} v${20 * s}" stroke="${fill}" stroke-width="${6 * s}"/>` +
  `<circle cx="${x + 44 * s}" cy="${y - 34 * s}" r="${11 * s}" fill="${fill}"/>`;

const boat = (x: number, y: number, hull = "#2d3748", sail = "#f7fafc") =>
  `<path d="M${x - 44} ${y} h88 l-16 18 h-56 z" fill="${hull}"/>` + (sail ? `<path d="M${x} ${y - 2} v-58 l36 52 z" fill="${sail}"/>` : "");

const hills = (y: number, fill: string, amp = 40) => `<path d="M0 ${y} Q160 ${y - amp} 320 ${y - amp / 3} T640 ${y - amp / 2} V${H} H0 Z" fill="${fill}"/>`;

const peaks = (fill: string, snow: string) =>
  `<path d="M0 260 L120 110 L200 190 L320 70 L430 180 L520 100 L640 240 V${H} H0 Z" fill="${fill}"/>` +
  `<path d="M320 70 L352 112 L332 104 L316 116 L296 100 Z M120 110 L146 142 L124 136 L104 130 Z M520 100 L548 136 L526 128 L506 124 Z" fill="${snow}"/>`;

const many = <T>(items: readonly T[], draw: (item: T, i: number) => string) => items.map(draw).join("");

const GREENS = ["#276749", "#2f855a", "#38a169", "#22543d"];
const CLOTHES = ["#c05621", "#2b6cb0", "#b83280", "#2c7a7b", "#6b46c1", "#c53030", "#d69e2e"];

export const DEMO_RECORD_IMAGES: Record<string, string> = {
  "sacred-grove-canopy.svg": svg(
    "The dense canopy of an old sacred grove, with a small shrine at its edge",
    rect("#c6f6d5") + hills(300, "#9ae6b4", 30) +
      many([40, 110, 180, 250, 320, 390, 460, 530, 600], (x, i) => tree(x, 330 - (i % 3) * 12, 1.6 + (i % 2) * 0.4, GREENS[i % 4]!)) +
      `<rect y="330" width="${W}" height="90" fill="#68d391"/><path d="M286 360 h44 v-28 l-22 -18 l-22 18 z" fill="#e2e8f0"/><rect x="302" y="340" width="12" height="20" fill="#c05621"/>`,
  ),
  "grove-shrine.svg": svg(
    "A small stone shrine with lamps and offerings under large old trees",
    rect("#f0fff4") + tree(120, 340, 2.6, "#2f855a") + tree(520, 340, 2.8, "#276749") +
      `<rect y="330" width="${W}" height="90" fill="#9c7a4c"/><path d="M250 340 h140 v-70 l-70 -50 l-70 50 z" fill="#a0aec0"/><rect x="296" y="280" width="48" height="60" fill="#4a5568"/>` +
      many([270, 300, 340, 370], (x) => `<path d="M${x} 356 q6 -14 12 0 z" fill="#f6ad55"/><circle cx="${x + 6}" cy="346" r="3" fill="#f6e05e"/>`) +
      `<path d="M290 222 q30 -20 60 0" stroke="#e53e3e" stroke-width="4" fill="none"/>`,
  ),
  "monoliths-forest.svg": svg(
    "Standing stones among tall trees in a sacred forest",
    rect("#e6fffa") + many([30, 90, 150, 210, 430, 490, 550, 610], (x, i) => tree(x, 300, 2.2, GREENS[(i + 1) % 4]!)) +
      `<rect y="300" width="${W}" height="120" fill="#48bb78"/>` +
      many([[260, 120], [300, 160], [340, 140], [380, 100]] as const, ([x, h]) => `<path d="M${x - 14} 320 v${-h} q14 -16 28 0 v${h} z" fill="#718096"/>`) +
      `<rect x="240" y="320" width="170" height="14" rx="6" fill="#a0aec0"/>`,
  ),
  "naga-hill-village.svg": svg(
    "A hill village above forested slopes and terraced fields",
    rect("#ebf8ff") + hills(220, "#9ae6b4", 60) + hills(300, "#48bb78", 50) +
      many([0, 1, 2, 3], (i) => `<path d="M${320 + i * 30} ${300 + i * 26} h${320 - i * 30}" stroke="#f6e05e" stroke-width="10"/>`) +
      many([120, 170, 220, 270], (x, i) => `<rect x="${x}" y="${186 - (i % 2) * 10}" width="34" height="24" fill="#c05621"/><path d="M${x - 6} ${188 - (i % 2) * 10} l23 -22 l23 22 z" fill="#744210"/>`) +
      many([40, 70, 500, 560, 600], (x, i) => pine(x, 360 - (i % 2) * 20, 70)),
  ),
  "forest-patrol.svg": svg(
    "Villagers walking a forest path on patrol",
    rect("#f0fff4") + many([20, 90, 160, 480, 550, 620], (x, i) => tree(x, 320, 2.4, GREENS[i % 4]!)) +
      `<path d="M170 420 Q300 300 330 260 Q360 300 480 420 Z" fill="#d6bcfa" opacity="0.5"/><rect y="320" width="${W}" height="8" fill="#2f855a"/>` +
      many([[270, 380], [320, 350], [370, 390]] as const, ([x, y], i) => person(x, y, CLOTHES[i]!, true)),
  ),
  "gram-sabha-meeting.svg": svg(
    "Villagers meeting in a circle under a tree to discuss their forest",
    rect("#fffaf0") + `<ellipse cx="320" cy="360" rx="290" ry="44" fill="#f6e05e" opacity="0.5"/>` + tree(320, 300, 3.2, "#38a169") +
      many([110, 170, 230, 410, 470, 530], (x, i) => person(x, 340 + (i % 2) * 18, CLOTHES[i]!)) +
      `<rect x="280" y="330" width="80" height="36" rx="4" fill="#fefcbf" stroke="#744210" stroke-width="3"/><path d="M292 342 h56 M292 354 h40" stroke="#744210" stroke-width="2"/>`,
  ),
  "lagoon-fishing-boats.svg": svg(
    "Fishing boats and stake nets on a shallow lagoon at dawn",
    rect("#fed7e2") + sun(140, 120, 44, "#fbb6ce") + rect("#4299e1", 230, 190) +
      many([120, 320, 500], (x) => boat(x, 260)) +
      many([40, 70, 100, 560, 590, 620], (x) => `<path d="M${x} 250 v80" stroke="#744210" stroke-width="4"/>`) +
      `<path d="M40 280 H100 M560 280 H620" stroke="#e2e8f0" stroke-width="2" stroke-dasharray="4 4"/>` + waves(340, "#bee3f8") + waves(380, "#90cdf4") + bird(400, 90) + bird(440, 110),
  ),
  "heronry-trees.svg": svg(
    "Painted storks and pelicans nesting on trees above village houses",
    rect("#fefcbf") + `<rect y="330" width="${W}" height="90" fill="#c6f6d5"/>` +
      tree(180, 340, 3, "#38a169") + tree(460, 340, 3.2, "#2f855a") +
      many([[150, 176], [206, 160], [430, 150], [490, 168]] as const, ([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="16" ry="9" fill="#fff"/><circle cx="${x + 14}" cy="${y - 8}" r="5" fill="#f6ad55"/><path d="M${x - 12} ${y - 2} q4 4 8 0" stroke="#fc8181" stroke-width="3" fill="none"/>`) +
      `<rect x="290" y="300" width="70" height="40" fill="#ed8936"/><path d="M282 302 l43 -30 l43 30 z" fill="#9c4221"/>` + bird(300, 80) + bird(340, 60) + bird(380, 90),
  ),
  "village-pond.svg": svg(
    "A village pond with lotus leaves and a pair of sarus cranes",
    rect("#e9f5ff") + hills(200, "#c6f6d5", 20) + `<ellipse cx="320" cy="320" rx="300" ry="90" fill="#63b3ed"/>` +
      many([[180, 320], [240, 350], [400, 300], [460, 340], [520, 316]] as const, ([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="24" ry="8" fill="#38a169"/><circle cx="${x + 6}" cy="${y - 10}" r="6" fill="#fbb6ce"/>`) +
      wader(100, 300, "#a0aec0", "#e53e3e") + wader(560, 290, "#a0aec0", "#e53e3e") + tree(40, 220, 1.4, "#2f855a") + tree(610, 220, 1.4, "#2f855a"),
  ),
  "alpine-pasture.svg": svg(
    "Yaks grazing an alpine meadow below snow peaks",
    rect("#bee3f8") + peaks("#a0aec0", "#fff") + hills(300, "#9ae6b4", 30) +
      many([[160, 360], [330, 330], [480, 380]] as const, ([x, y]) => beast(x, y, "#2d3748")) +
      many([60, 250, 420, 580], (x, i) => `<circle cx="${x}" cy="${390 - (i % 2) * 20}" r="4" fill="#f6e05e"/>`),
  ),
  "himalayan-oak-forest.svg": svg(
    "Oak and pine forest on the slopes above a mountain village",
    rect("#ebf8ff") + peaks("#cbd5e0", "#fff") + hills(260, "#68d391", 40) +
      many([30, 80, 130, 180, 470, 520, 570, 620], (x, i) => (i % 2 ? pine(x, 300, 90, "#22543d") : tree(x, 300, 1.5, "#2f855a"))) +
      many([260, 320, 380], (x) => `<rect x="${x}" y="320" width="44" height="34" fill="#cbd5e0"/><path d="M${x - 6} 322 l28 -20 l28 20 z" fill="#718096"/>`) +
      `<rect y="360" width="${W}" height="60" fill="#48bb78"/>`,
  ),
  "desert-oran.svg": svg(
    "Khejri trees and grazing camels in a desert oran",
    rect("#fffaf0") + sun(520, 90, 40) + `<path d="M0 260 Q160 220 320 250 T640 240 V420 H0 Z" fill="#f6e05e"/><path d="M0 320 Q200 290 400 320 T640 310 V420 H0 Z" fill="#ecc94b"/>` +
      many([100, 300, 560], (x) => tree(x, 300, 1.6, "#68a063")) +
      many([[200, 360], [420, 370]] as const, ([x, y]) => `${beast(x, y, "#b7791f", 0.9)}<path d="M${x - 10} ${y - 46} q10 -22 20 0" fill="#b7791f"/><path d="M${x + 38} ${y - 30} q8 -30 20 -30" stroke="#b7791f" stroke-width="8" fill="none"/>`),
  ),
  "grassland-herd.svg": svg(
    "Buffaloes grazing on a wide grassland under a big sky",
    rect("#fefcbf") + `<rect y="240" width="${W}" height="180" fill="#d69e2e"/>` +
      many([60, 130, 200, 270, 340, 410, 480, 550, 620], (x, i) => `<path d="M${x} 420 q-6 -40 -16 -70 q14 30 22 70 z" fill="${i % 2 ? "#b7791f" : "#975a16"}"/>`) +
      many([[180, 320], [330, 300], [470, 330]] as const, ([x, y]) => beast(x, y, "#1a202c")) + tree(590, 250, 1.2, "#68a063"),
  ),
  "mangrove-creek.svg": svg(
    "Mangroves along a tidal creek, with a small boat",
    rect("#e6fffa") + rect("#4fd1c5", 250, 170) +
      many([30, 120, 210, 430, 520, 610], (x, i) => `${tree(x, 250, 1.8, GREENS[i % 4]!)}<path d="M${x - 20} 270 q20 -36 20 -20 q0 -16 20 20" stroke="#6b4423" stroke-width="4" fill="none"/>`) +
      boat(320, 320, "#744210", "") + `<path d="M320 320 l30 -60" stroke="#5f370e" stroke-width="3"/>` + waves(370, "#b2f5ea"),
  ),
  "sacred-lake.svg": svg(
    "A forest-ringed lake with prayer flags on the shore",
    rect("#ebf8ff") + hills(180, "#2f855a", 50) + `<ellipse cx="320" cy="300" rx="240" ry="80" fill="#3182ce"/>` +
      many([40, 100, 540, 600], (x) => pine(x, 330, 110, "#22543d")) +
      `<path d="M120 350 L300 250" stroke="#4a5568" stroke-width="2"/>` +
      many(["#e53e3e", "#ecc94b", "#38a169", "#3182ce", "#fff", "#e53e3e", "#ecc94b"], (c, i) => `<rect x="${136 + i * 22}" y="${334 - i * 12}" width="12" height="16" fill="${c}"/>`) + bird(420, 120, "#fff"),
  ),
  "coast-fishing.svg": svg(
    "Fishing boats drawn up on a sandy coast lined with palms",
    rect("#bee3f8") + rect("#3182ce", 170, 110) + rect("#f6e05e", 280, 140) + waves(200, "#90cdf4") + waves(240, "#bee3f8") +
      many([80, 560], (x) => `<path d="M${x} 300 q10 -80 30 -150" stroke="#744210" stroke-width="8" fill="none"/>${many([-50, -20, 20, 50], (d) => `<path d="M${x + 30} 150 q${d} -10 ${d * 1.4} 30" stroke="#2f855a" stroke-width="8" fill="none"/>`)}`) +
      boat(260, 320, "#c53030", "") + boat(400, 340, "#2b6cb0", "") + `<path d="M200 360 q40 20 80 0 t80 0" stroke="#718096" stroke-width="2" fill="none" stroke-dasharray="3 5"/>`,
  ),
  "cold-desert-village.svg": svg(
    "Barley fields and whitewashed houses in a cold desert valley",
    rect("#e2e8f0") + peaks("#c4a484", "#fff") + `<path d="M0 300 Q320 260 640 300 V420 H0 Z" fill="#d6bcfa" opacity="0.3"/>` +
      many([0, 1, 2], (i) => `<path d="M${60 + i * 10} ${330 + i * 26} h${260 - i * 20}" stroke="#9ae6b4" stroke-width="14"/>`) +
      many([380, 440, 500], (x, i) => `<rect x="${x}" y="${300 + (i % 2) * 14}" width="50" height="40" fill="#fff"/><rect x="${x}" y="${300 + (i % 2) * 14}" width="50" height="6" fill="#9c4221"/>`) +
      many([560, 600], (x) => pine(x, 390, 60, "#68a063")),
  ),
};
