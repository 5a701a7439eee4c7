import * as reactDomServer from "react-dom/server.edge";

type RenderToReadableStream = (element: unknown, options?: Record<string, unknown>) => Promise<unknown>;
type Renderer = { renderToReadableStream: RenderToReadableStream & { inlinesBoundaries?: true } };

/**
 * Every Suspense boundary of a page is written in place, never "outlined".
 *
 * React writes a finished boundary after the rest of the page, with an inline `<script>` that moves it
 * into place, once the page's HTML before it passes `progressiveChunkSize` (12,800 bytes). Such a script
 * has no nonce, so the Content-Security-Policy (csp.ts) blocks it, and the screen would be drawn by the
 * browser's JavaScript instead. Next renders a page whole before sending it (it waits for `allReady`),
 * so writing every boundary in place costs nothing. The portal relies on boundaries for hydration in
 * slices (src/pages/_app.tsx).
 *
 * Next calls `renderToReadableStream` of `react-dom/server.edge` on every render, looked up on the
 * module's exports each time: this wraps it there once. The module is imported (not required) so that
 * it is the very instance Next loads, in the same module graph as this file. React picks its build by
 * `NODE_ENV` when first loaded, so scripts/serve.mjs sets "production" before it loads this.
 */
export function inlineSuspenseBoundaries(): void {
  const server = ((reactDomServer as unknown as { default?: Renderer }).default ?? reactDomServer) as unknown as Renderer;
  const original = server.renderToReadableStream;
  if (original.inlinesBoundaries) return;
  const wrapped: Renderer["renderToReadableStream"] = (element, options) => original(element, { ...options, progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  wrapped.inlinesBoundaries = true;
  server.renderToReadableStream = wrapped;
}
