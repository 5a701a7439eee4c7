/** The catalogue's RDF writer (src/server/modules/catalog/rdf.ts): Turtle escaping and shape, JSON-LD shape. */
import { describe, expect, it } from "vitest";
import { iri, literal, toJsonLd, toTurtle, turtleIri, turtleString, typed, type Node } from "@/server/modules/catalog/rdf";

describe("Turtle", () => {
  it("escapes string literals", () => {
    expect(turtleString('a "quoted" \\ back\nline\r\ttab')).toBe('"a \\"quoted\\" \\\\ back\\nline\\r\\ttab"');
    expect(turtleString("bell\u0007")).toBe('"bell\\u0007"');
    expect(turtleString("हिन्दी")).toBe('"हिन्दी"');
  });

  it("escapes IRIs", () => {
    expect(turtleIri("http://x.org/a b<c>")).toBe("<http://x.org/a\\u0020b\\u003Cc\\u003E>");
    expect(turtleIri("http://x.org/?q=1&r=2")).toBe("<http://x.org/?q=1&r=2>");
  });

  it("writes subjects, types, language tags, datatypes, blank nodes and named nodes", () => {
    const publisher: Node = { id: "http://x.org/#p", types: ["foaf:Organization"], props: [["foaf:name", literal("X", "en")]] };
    const root: Node = {
      id: "http://x.org/catalog",
      types: ["dcat:Catalog"],
      props: [
        ["dct:title", literal('Cat "one"', "en")],
        ["dct:title", literal("सूची", "hi")],
        ["dct:publisher", publisher],
        ["dct:modified", typed("2026-01-01T00:00:00.000Z", "xsd:dateTime")],
        ["dcat:dataset", { types: ["dcat:Dataset"], props: [["dcat:landingPage", iri("http://x.org/d")]] }],
      ],
    };
    const ttl = toTurtle(root);
    expect(ttl).toContain("@prefix dcat: <http://www.w3.org/ns/dcat#> .");
    expect(ttl).toContain('<http://x.org/catalog>\n    a dcat:Catalog ;\n    dct:title "Cat \\"one\\""@en, "सूची"@hi ;');
    expect(ttl).toContain("dct:publisher <http://x.org/#p> ;");
    expect(ttl).toContain('dct:modified "2026-01-01T00:00:00.000Z"^^xsd:dateTime ;');
    expect(ttl).toContain("dcat:dataset [\n        a dcat:Dataset ;\n        dcat:landingPage <http://x.org/d>\n    ] .");
    expect(ttl).toContain('<http://x.org/#p>\n    a foaf:Organization ;\n    foaf:name "X"@en .');
    // Every statement ends with a full stop; brackets balance.
    expect((ttl.match(/\[/g) ?? []).length).toBe((ttl.match(/\]/g) ?? []).length);

    const json = toJsonLd(root);
    expect(json["@id"]).toBe("http://x.org/catalog");
    expect(json["@type"]).toBe("dcat:Catalog");
    expect(json["dct:title"]).toEqual([
      { "@value": 'Cat "one"', "@language": "en" },
      { "@value": "सूची", "@language": "hi" },
    ]);
    expect((json["@context"] as Record<string, string>).dct).toBe("http://purl.org/dc/terms/");
  });
});
