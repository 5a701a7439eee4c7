// @ts-check
const nextTranslate = require("next-translate-plugin");

const { PHASE_DEVELOPMENT_SERVER } = require("next/constants");
/** Platform services served by this app under `/{service}-api/api/...` (see ARCHITECTURE.md). */
const SERVICES = require("./src/config/platform-services.json");

/**
 * `next dev` only: the public addresses answered by an API route under another path. A production
 * build has no rewrites (with any, Next ships its rewrite matcher to every page); the portal server
 * maps these addresses before Next sees them (src/web-server/public-paths.ts, scripts/serve.mjs).
 */
function devRewrites() {
  return [
    ...SERVICES.map((/** @type {string} */ service) => ({
      source: `/${service}-api/api/:path*`,
      destination: `/api/platform/${service}/:path*`,
    })),
    { source: "/sitemap.xml", destination: "/api/sitemap" },
    { source: "/sitemap/:part(\\d+).xml", destination: "/api/sitemap?part=:part" },
    { source: "/robots.txt", destination: "/api/robots" },
    { source: "/ogc", destination: "/api/ogc" },
    { source: "/ogc/:path*", destination: "/api/ogc/:path*" },
    { source: "/catalog", destination: "/api/catalog" },
    { source: "/catalog.jsonld", destination: "/api/catalog?format=jsonld" },
    { source: "/catalog.ttl", destination: "/api/catalog?format=ttl" },
    { source: "/oai", destination: "/api/oai" },
  ];
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // No ETag on rendered pages: Next hashes every page in JavaScript (2 % of an uncached render). The
  // anonymous page cache gives its entries one (src/web-server/html-cache.ts); a signed-in page is
  // private, no-store, and is not revalidated.
  generateEtags: false,
  // The server code (src/server) runs in the Node runtime; keep these as plain node_modules requires.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "sharp", "bcryptjs", "exceljs", "@aws-sdk/client-s3", "node-sqlite3-wasm", "@tus/server", "@tus/file-store", "srvx"],
  images: { unoptimized: true },
  turbopack: {
    resolveAlias: {
      // The files of Chakra's default theme, one by one (src/components/ui/chakra/theme.ts): the
      // package exports only their index, which also holds every recipe.
      "@chakra-theme/*": "./node_modules/@chakra-ui/react/dist/esm/theme/*",
      // Chakra's styled-system parts, from which the portal makes its system (src/components/ui/chakra/lazy-system.ts).
      "@chakra-internal/*": "./node_modules/@chakra-ui/react/dist/esm/*",
    },
  },
  productionBrowserSourceMaps: true,
  // `npm test` type-checks in its own lane beside the build and sets this: the build's own check would
  // repeat the same work (about 1.5 min of a 2-core machine). `npm start` and plain builds still check.
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIP_TYPECHECK === "1" },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "SAMEORIGIN" },
        ],
      },
    ];
  },
};

module.exports = (/** @type {string} */ phase) =>
  nextTranslate(phase === PHASE_DEVELOPMENT_SERVER ? { ...nextConfig, rewrites: async () => devRewrites() } : nextConfig, { turbopack: true });
