/**
 * A small RDF model (pure) and its two serialisations: JSON-LD (expanded terms under one `@context`)
 * and Turtle. The catalogue is built once as nodes and written either way, so both say the same.
 */

/** Prefixes the catalogue uses (Turtle `@prefix`, JSON-LD `@context`). */
export const PREFIXES = {
  dcat: "http://www.w3.org/ns/dcat#",
  dct: "http://purl.org/dc/terms/",
  foaf: "http://xmlns.com/foaf/0.1/",
  xsd: "http://www.w3.org/2001/XMLSchema#",
  gsp: "http://www.opengis.net/ont/geosparql#",
  rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  rdfs: "http://www.w3.org/2000/01/rdf-schema#",
} as const;

export type Prefix = keyof typeof PREFIXES;
/** A prefixed name such as `dcat:Dataset`. */
export type Term = `${Prefix}:${string}`;

export interface Iri {
  iri: string;
}
export interface Literal {
  value: string;
  lang?: string;
  datatype?: Term;
}
/** A node without an address of its own (a blank node), written inline. */
export interface Node {
  id?: string;
  types: Term[];
  props: Array<[Term, RdfObject]>;
}
export type RdfObject = Iri | Literal | Node;

export const iri = (value: string): Iri => ({ iri: value });
export const literal = (value: string, lang?: string): Literal => (lang ? { value, lang } : { value });
export const typed = (value: string, datatype: Term): Literal => ({ value, datatype });
export const dateTime = (d: Date): Literal => typed(d.toISOString(), "xsd:dateTime");

const isIri = (o: RdfObject): o is Iri => "iri" in o;
const isNode = (o: RdfObject): o is Node => "types" in o;

// ---------------------------------------------------------------------------------------------- JSON-LD

function jsonObject(o: RdfObject): unknown {
  if (isIri(o)) return { "@id": o.iri };
  if (isNode(o)) return jsonNode(o);
  if (o.lang) return { "@value": o.value, "@language": o.lang };
  if (o.datatype) return { "@value": o.value, "@type": o.datatype };
  return o.value;
}

function jsonNode(n: Node): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (n.id) out["@id"] = n.id;
  if (n.types.length) out["@type"] = n.types.length === 1 ? n.types[0] : n.types;
  for (const [p, o] of n.props) {
    const value = jsonObject(o);
    const prev = out[p];
    out[p] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** The node as a JSON-LD document with the prefixes as its `@context`. */
export function toJsonLd(root: Node): Record<string, unknown> {
  return { "@context": { ...PREFIXES }, ...jsonNode(root) };
}

// ---------------------------------------------------------------------------------------------- Turtle

/** A Turtle string literal: `"…"` with `\\`, `"`, line breaks and other control characters escaped. */
export function turtleString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === "\\") out += "\\\\";
    else if (ch === '"') out += '\\"';
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (c < 0x20 || c === 0x7f) out += `\\u${c.toString(16).padStart(4, "0").toUpperCase()}`;
    else out += ch;
  }
  return `${out}"`;
}

/** A Turtle IRI reference `<…>`: characters not allowed there are written as `\uXXXX` escapes. */
export function turtleIri(s: string): string {
  let out = "<";
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c <= 0x20 || '<>"{}|^`\\'.includes(ch)) out += c > 0xffff ? `\\U${c.toString(16).padStart(8, "0").toUpperCase()}` : `\\u${c.toString(16).padStart(4, "0").toUpperCase()}`;
    else out += ch;
  }
  return `${out}>`;
}

const LANG_TAG = /^[a-zA-Z]+(-[a-zA-Z0-9]+)*$/;

function turtleObject(o: RdfObject, indent: string): string {
  if (isIri(o)) return turtleIri(o.iri);
  if (isNode(o)) {
    if (o.id) return turtleIri(o.id);
    return `[\n${turtleBody(o, `${indent}    `)}\n${indent}]`;
  }
  const text = turtleString(o.value);
  if (o.lang && LANG_TAG.test(o.lang)) return `${text}@${o.lang}`;
  if (o.datatype) return `${text}^^${o.datatype}`;
  return text;
}

function turtleBody(n: Node, indent: string): string {
  const lines: string[] = [];
  if (n.types.length) lines.push(`${indent}a ${n.types.join(", ")}`);
  const byPredicate = new Map<Term, RdfObject[]>();
  for (const [p, o] of n.props) byPredicate.set(p, [...(byPredicate.get(p) ?? []), o]);
  for (const [p, objects] of byPredicate) lines.push(`${indent}${p} ${objects.map((o) => turtleObject(o, indent)).join(", ")}`);
  return lines.join(" ;\n");
}

/** Nodes with an address that appear as objects are written as statements of their own, after their subject. */
function collectNamed(n: Node, out: Node[], seen: Set<Node>): void {
  for (const [, o] of n.props) {
    if (isNode(o)) {
      if (o.id && !seen.has(o)) {
        seen.add(o);
        out.push(o);
      }
      collectNamed(o, out, seen);
    }
  }
}

/** The node (and every addressed node it reaches) as a Turtle document. */
export function toTurtle(root: Node): string {
  const head = Object.entries(PREFIXES).map(([p, ns]) => `@prefix ${p}: ${turtleIri(ns)} .`);
  const named: Node[] = [root];
  collectNamed(root, named, new Set([root]));
  const statements = named.map((n) => {
    const subject = n.id ? turtleIri(n.id) : "[]";
    return `${subject}\n${turtleBody(n, "    ")} .`;
  });
  return `${head.join("\n")}\n\n${statements.join("\n\n")}\n`;
}
