// Builds public/map/south-asia.svg from public/map/south-asia.json (src/components/map/base-picture.ts
// draws it; a unit test holds the committed file equal to that). Run after map-base-layer.mjs:
//   npx tsx scripts/map-preview-svg.ts
import fs from "node:fs";
import path from "node:path";
import { basePictureSvg } from "../src/components/map/base-picture";

const ROOT = path.resolve(import.meta.dirname, "..");
const layer = JSON.parse(fs.readFileSync(path.join(ROOT, "public/map/south-asia.json"), "utf8"));
const svg = basePictureSvg(layer);
fs.writeFileSync(path.join(ROOT, "public/map/south-asia.svg"), svg);
console.log(`public/map/south-asia.svg: ${(svg.length / 1024).toFixed(1)} kB`);
