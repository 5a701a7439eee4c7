/**
 * The HTML encoding of the OGC API resources: plain server-rendered pages (`lang="en"`), every text
 * escaped, no scripts and no inline styles (the site's CSP), linked to each other and to the JSON. Pure.
 */
import type { OgcCollection, OgcFeature } from "./ogc.service";

export const escapeHtml = (s: unknown): string =>
  String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

interface Link {
  href: string;
  rel: string;
  type: string;
  title?: string;
}

const a = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

function page(base: string, title: string, crumbs: Array<[string, string]>, body: string): string {
  const nav = [[`${base}?f=html`, "OGC API"] as [string, string], ...crumbs].map(([href, text]) => a(href, text)).join(" / ");
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body>
<nav>${nav}</nav>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

const linkList = (links: Link[]) => `<ul>${links.map((l) => `<li>${a(l.href, l.title ?? l.rel)} <small>(${escapeHtml(l.rel)}, ${escapeHtml(l.type)})</small></li>`).join("")}</ul>`;

export function landingHtml(base: string, doc: { title: string; description: string; links: Link[] }): string {
  return page(
    base,
    doc.title,
    [],
    `<p>${escapeHtml(doc.description)}</p>
<p>Address for QGIS (Layer › Add Layer › Add WFS / OGC API – Features Layer) or ArcGIS (Add data › From URL, OGC Features): <code>${escapeHtml(base)}</code></p>
${linkList(doc.links.filter((l) => l.rel !== "self"))}`,
  );
}

export function conformanceHtml(base: string, classes: string[]): string {
  return page(base, "Conformance classes", [[`${base}/conformance?f=html`, "Conformance"]], `<ul>${classes.map((c) => `<li>${a(c, c)}</li>`).join("")}</ul>`);
}

export function openApiHtml(base: string, doc: Record<string, unknown>): string {
  const paths = Object.entries((doc.paths ?? {}) as Record<string, { get?: { summary?: string; parameters?: Array<{ $ref?: string }> } }>);
  const rows = paths
    .map(([p, item]) => {
      const params = (item.get?.parameters ?? []).map((x) => (x.$ref ?? "").split("/").pop()).join(", ");
      return `<tr><td><code>GET ${escapeHtml(p)}</code></td><td>${escapeHtml(item.get?.summary ?? "")}</td><td>${escapeHtml(params)}</td></tr>`;
    })
    .join("");
  return page(
    base,
    "API documentation",
    [[`${base}/api?f=html`, "API"]],
    `<p>The machine-readable definition: ${a(`${base}/api?f=json`, "OpenAPI 3.0 (JSON)")}. Every resource answers JSON (GeoJSON for items) or HTML by <code>f=json|html</code> or the Accept header; no sign-in is needed and a token changes nothing.</p>
<table><thead><tr><th>Path</th><th>What</th><th>Parameters</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

const extentText = (c: OgcCollection) =>
  `${c.bbox ? `Box: ${c.bbox.map((n) => n.toFixed(4)).join(", ")}` : "No places"}${c.interval ? `; changed ${c.interval[0]?.slice(0, 10) ?? ".."} to ${c.interval[1]?.slice(0, 10) ?? ".."}` : ""}`;

export function collectionsHtml(base: string, all: OgcCollection[]): string {
  const items = all
    .map((c) => `<li>${a(`${base}/collections/${encodeURIComponent(c.id)}?f=html`, c.title)} <code>${escapeHtml(c.id)}</code><br>${escapeHtml(c.description)}</li>`)
    .join("");
  return page(base, "Collections", [[`${base}/collections?f=html`, "Collections"]], `<p>${a(`${base}/collections?f=json`, "As JSON")}</p><ul>${items}</ul>`);
}

export function collectionHtml(base: string, c: OgcCollection): string {
  const href = `${base}/collections/${encodeURIComponent(c.id)}`;
  return page(
    base,
    c.title,
    [
      [`${base}/collections?f=html`, "Collections"],
      [`${href}?f=html`, c.id],
    ],
    `<p>${escapeHtml(c.description)}</p>
<p>${escapeHtml(extentText(c))}</p>
<ul><li>${a(`${href}/items?f=html`, "Items (HTML)")}</li><li>${a(`${href}/items?f=json`, "Items (GeoJSON)")}</li><li>${a(`${href}?f=json`, "This collection as JSON")}</li></ul>
<h2>Properties</h2><ul>${c.properties.map((p) => `<li>${escapeHtml(p.name)} <small>(${escapeHtml(p.type)})</small></li>`).join("")}</ul>`,
  );
}

const cell = (v: unknown) => {
  const s = v === null || v === undefined ? "" : String(v);
  return /^https?:\/\//.test(s) ? a(s, s) : escapeHtml(s);
};
const geometryText = (f: OgcFeature) =>
  f.geometry === null ? "" : f.geometry.type === "Point" ? (f.geometry.coordinates as number[]).join(", ") : f.geometry.type;

export function itemsHtml(base: string, c: OgcCollection, features: OgcFeature[], meta: { numberMatched: number; links: Link[] }): string {
  const href = `${base}/collections/${encodeURIComponent(c.id)}`;
  const names = c.properties.map((p) => p.name);
  const head = `<tr><th>id</th><th>Place</th>${names.map((n) => `<th>${escapeHtml(n)}</th>`).join("")}</tr>`;
  const rows = features
    .map((f) => `<tr><td>${a(`${href}/items/${f.id}?f=html`, String(f.id))}</td><td>${escapeHtml(geometryText(f))}</td>${names.map((n) => `<td>${cell(f.properties[n])}</td>`).join("")}</tr>`)
    .join("");
  const paging = meta.links.filter((l) => l.rel === "next" || l.rel === "prev" || l.rel === "alternate");
  return page(
    base,
    `${c.title}: items`,
    [
      [`${base}/collections?f=html`, "Collections"],
      [`${href}?f=html`, c.id],
      [`${href}/items?f=html`, "Items"],
    ],
    `<p>${escapeHtml(`${features.length} of ${meta.numberMatched} matching items`)}</p>
<table><thead>${head}</thead><tbody>${rows}</tbody></table>
${linkList(paging)}`,
  );
}

export function featureHtml(base: string, c: OgcCollection, f: OgcFeature): string {
  const href = `${base}/collections/${encodeURIComponent(c.id)}`;
  const rows = Object.entries(f.properties)
    .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${cell(v)}</td></tr>`)
    .join("");
  const title = typeof f.properties.title === "string" ? f.properties.title : `${c.title} ${f.id}`;
  return page(
    base,
    title,
    [
      [`${base}/collections?f=html`, "Collections"],
      [`${href}?f=html`, c.id],
      [`${href}/items?f=html`, "Items"],
    ],
    `<table><tbody><tr><th>id</th><td>${escapeHtml(f.id)}</td></tr><tr><th>Place</th><td>${escapeHtml(geometryText(f))}</td></tr>${rows}</tbody></table>
<p>${a(`${href}/items/${f.id}?f=json`, "This item as GeoJSON")}</p>`,
  );
}

export function errorHtml(base: string, status: number, description: string): string {
  return page(base, status === 404 ? "Not found" : status === 400 ? "Bad request" : "Error", [], `<p>${escapeHtml(description)}</p>`);
}
