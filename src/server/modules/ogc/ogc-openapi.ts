/** The OpenAPI 3.0 document of the OGC API – Features endpoint (`/ogc/api`, rel `service-desc`). Pure. */
import { DEFAULT_LIMIT, MAX_LIMIT } from "./ogc-params";

const json = (schemaRef: string, description: string, html = true) => ({
  description,
  content: {
    ...(schemaRef === "geojson"
      ? { "application/geo+json": { schema: { $ref: "#/components/schemas/featureCollectionGeoJSON" } } }
      : schemaRef === "feature"
        ? { "application/geo+json": { schema: { $ref: "#/components/schemas/featureGeoJSON" } } }
        : { "application/json": { schema: { $ref: `#/components/schemas/${schemaRef}` } } }),
    ...(html ? { "text/html": { schema: { type: "string" } } } : {}),
  },
});

const errors = {
  "400": { $ref: "#/components/responses/InvalidParameter" },
  "404": { $ref: "#/components/responses/NotFound" },
};

export function openApiDocument(base: string, title: string): Record<string, unknown> {
  return {
    openapi: "3.0.3",
    info: {
      title: `${title} — OGC API – Features`,
      version: "1.0.0",
      description:
        "The public CCA records of each template and the published map layers, read only and anonymous (a token changes nothing). Records are shown as the public sees them: withheld ones never, generalised places and values generalised.",
      license: { name: "See each collection's site licence" },
    },
    servers: [{ url: base }],
    tags: [{ name: "Capabilities" }, { name: "Data" }],
    paths: {
      "/": {
        get: {
          tags: ["Capabilities"],
          summary: "Landing page",
          operationId: "getLandingPage",
          parameters: [{ $ref: "#/components/parameters/f" }],
          responses: { "200": json("landingPage", "Links to the API definition, the conformance classes and the collections"), "400": errors["400"] },
        },
      },
      "/api": {
        get: {
          tags: ["Capabilities"],
          summary: "This API definition",
          operationId: "getApi",
          parameters: [{ $ref: "#/components/parameters/f" }],
          responses: {
            "200": {
              description: "The OpenAPI 3.0 document (f=html: a readable page)",
              content: { "application/vnd.oai.openapi+json;version=3.0": { schema: { type: "object" } }, "text/html": { schema: { type: "string" } } },
            },
            "400": errors["400"],
          },
        },
      },
      "/conformance": {
        get: {
          tags: ["Capabilities"],
          summary: "Conformance classes implemented",
          operationId: "getConformance",
          parameters: [{ $ref: "#/components/parameters/f" }],
          responses: { "200": json("confClasses", "The conformance classes"), "400": errors["400"] },
        },
      },
      "/collections": {
        get: {
          tags: ["Capabilities"],
          summary: "The feature collections",
          operationId: "getCollections",
          parameters: [{ $ref: "#/components/parameters/f" }],
          responses: { "200": json("collections", "The collections"), "400": errors["400"] },
        },
      },
      "/collections/{collectionId}": {
        get: {
          tags: ["Capabilities"],
          summary: "One collection",
          operationId: "describeCollection",
          parameters: [{ $ref: "#/components/parameters/collectionId" }, { $ref: "#/components/parameters/f" }],
          responses: { "200": json("collection", "The collection"), ...errors },
        },
      },
      "/collections/{collectionId}/items": {
        get: {
          tags: ["Data"],
          summary: "The collection's items (paged by next/prev links)",
          operationId: "getFeatures",
          parameters: [
            { $ref: "#/components/parameters/collectionId" },
            { $ref: "#/components/parameters/limit" },
            { $ref: "#/components/parameters/bbox" },
            { $ref: "#/components/parameters/datetime" },
            { $ref: "#/components/parameters/after" },
            { $ref: "#/components/parameters/before" },
            { $ref: "#/components/parameters/f" },
          ],
          responses: { "200": json("geojson", "A page of items"), ...errors },
        },
      },
      "/collections/{collectionId}/items/{featureId}": {
        get: {
          tags: ["Data"],
          summary: "One item",
          operationId: "getFeature",
          parameters: [{ $ref: "#/components/parameters/collectionId" }, { $ref: "#/components/parameters/featureId" }, { $ref: "#/components/parameters/f" }],
          responses: { "200": json("feature", "The item"), ...errors },
        },
      },
    },
    components: {
      parameters: {
        f: {
          name: "f",
          in: "query",
          required: false,
          description: "The encoding; without it the Accept header decides (JSON by default).",
          schema: { type: "string", enum: ["json", "html"] },
          style: "form",
          explode: false,
        },
        collectionId: { name: "collectionId", in: "path", required: true, description: "`records-{template}` or `layer-{id}`", schema: { type: "string" } },
        featureId: { name: "featureId", in: "path", required: true, description: "The item's id (a record id or a layer feature number)", schema: { type: "integer", minimum: 1 } },
        limit: {
          name: "limit",
          in: "query",
          required: false,
          description: `Items per page (default ${DEFAULT_LIMIT}; a larger value than ${MAX_LIMIT} is read as ${MAX_LIMIT}).`,
          schema: { type: "integer", minimum: 1, default: DEFAULT_LIMIT },
          style: "form",
          explode: false,
        },
        bbox: {
          name: "bbox",
          in: "query",
          required: false,
          description: "minLon,minLat,maxLon,maxLat in WGS 84 (CRS84): items whose public place lies in the box (layers: whose box overlaps it).",
          schema: { type: "array", minItems: 4, maxItems: 4, items: { type: "number" } },
          style: "form",
          explode: false,
        },
        datetime: {
          name: "datetime",
          in: "query",
          required: false,
          description: "An instant (2024-05-01 or 2024-05-01T10:00:00Z) or an interval a/b with '..' for an open end, matched against a record's last change (layers carry no time and ignore it).",
          schema: { type: "string" },
          style: "form",
          explode: false,
        },
        after: { name: "after", in: "query", required: false, description: "Paging cursor of a next link: items after this id.", schema: { type: "integer", minimum: 0 } },
        before: { name: "before", in: "query", required: false, description: "Paging cursor of a prev link: items before this id.", schema: { type: "integer", minimum: 1 } },
      },
      schemas: {
        link: {
          type: "object",
          required: ["href", "rel"],
          properties: { href: { type: "string" }, rel: { type: "string" }, type: { type: "string" }, title: { type: "string" }, hreflang: { type: "string" } },
        },
        landingPage: {
          type: "object",
          required: ["links"],
          properties: { title: { type: "string" }, description: { type: "string" }, links: { type: "array", items: { $ref: "#/components/schemas/link" } } },
        },
        confClasses: { type: "object", required: ["conformsTo"], properties: { conformsTo: { type: "array", items: { type: "string" } } } },
        extent: {
          type: "object",
          properties: {
            spatial: { type: "object", properties: { bbox: { type: "array", items: { type: "array", minItems: 4, maxItems: 4, items: { type: "number" } } }, crs: { type: "string" } } },
            temporal: { type: "object", properties: { interval: { type: "array", items: { type: "array", minItems: 2, maxItems: 2, items: { type: "string", nullable: true } } }, trs: { type: "string" } } },
          },
        },
        collection: {
          type: "object",
          required: ["id", "links"],
          properties: {
            id: { type: "string" },
            title: { type: "string" },
            description: { type: "string" },
            links: { type: "array", items: { $ref: "#/components/schemas/link" } },
            extent: { $ref: "#/components/schemas/extent" },
            itemType: { type: "string", default: "feature" },
            crs: { type: "array", items: { type: "string" } },
          },
        },
        collections: {
          type: "object",
          required: ["links", "collections"],
          properties: { links: { type: "array", items: { $ref: "#/components/schemas/link" } }, collections: { type: "array", items: { $ref: "#/components/schemas/collection" } } },
        },
        geometryGeoJSON: { type: "object", required: ["type"], properties: { type: { type: "string" } }, nullable: true },
        featureGeoJSON: {
          type: "object",
          required: ["type", "geometry", "properties"],
          properties: {
            type: { type: "string", enum: ["Feature"] },
            id: { oneOf: [{ type: "string" }, { type: "integer" }] },
            geometry: { $ref: "#/components/schemas/geometryGeoJSON" },
            properties: { type: "object", nullable: true },
            links: { type: "array", items: { $ref: "#/components/schemas/link" } },
          },
        },
        featureCollectionGeoJSON: {
          type: "object",
          required: ["type", "features"],
          properties: {
            type: { type: "string", enum: ["FeatureCollection"] },
            features: { type: "array", items: { $ref: "#/components/schemas/featureGeoJSON" } },
            links: { type: "array", items: { $ref: "#/components/schemas/link" } },
            timeStamp: { type: "string", format: "date-time" },
            numberMatched: { type: "integer", minimum: 0 },
            numberReturned: { type: "integer", minimum: 0 },
          },
        },
        exception: { type: "object", required: ["code"], properties: { code: { type: "string" }, description: { type: "string" } } },
      },
      responses: {
        InvalidParameter: { description: "A parameter is wrong (the description says which and why)", content: { "application/json": { schema: { $ref: "#/components/schemas/exception" } }, "text/html": { schema: { type: "string" } } } },
        NotFound: { description: "No such collection or item", content: { "application/json": { schema: { $ref: "#/components/schemas/exception" } }, "text/html": { schema: { type: "string" } } } },
      },
    },
  };
}
