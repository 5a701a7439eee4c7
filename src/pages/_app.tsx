import type { AppProps } from "next/app";
import type { NextPage } from "next";
import dynamic from "next/dynamic";
import { Suspense, useEffect, useState } from "react";
import { AuthWall } from "@/components/auth/auth-wall";
import { Layout } from "@/components/layout/layout";
import type { LayoutData, LayoutOptions } from "@/contracts/layout";
import { UiProvider } from "@/components/ui/provider";
import { Toaster } from "@/components/ui/toaster";
import { SessionProvider } from "@/components/auth/session-context";

const ClientChrome = dynamic(() => import("@/components/layout/client-chrome"));
// Install, new version, records waiting to be sent, the service worker: after the page (issue 32).
const OfflineChrome = dynamic(() => import("@/features/offline/offline-chrome"), { ssr: false });
// Visitors' web vitals, when the operator turned them on (issue 35): after the page, with its library.
const WebVitalsReporter = dynamic(() => import("@/components/layout/web-vitals-reporter"), { ssr: false });
// Rendered on the server when a loader answers "forbidden"; only those pages load it.
const ForbiddenScreen = dynamic(() => import("@/features/errors/error-screen").then((m) => m.ForbiddenScreen));

/** A screen may switch the header or footer off with a static `layoutOptions`. */
export type ScreenComponent<P = Record<string, unknown>> = NextPage<P> & { layoutOptions?: LayoutOptions };

type AppPropsWithLayout = AppProps<{ layout?: LayoutData; forbidden?: boolean }> & { Component: ScreenComponent };

export default function App({ Component, pageProps }: AppPropsWithLayout) {
  const linkPrefix = pageProps.layout?.currentGroup.linkPrefix ?? "";
  return (
    <UiProvider>
      <SessionProvider initialUser={pageProps.layout ? pageProps.layout.user : undefined} linkPrefix={linkPrefix}>
        {/*
          A Suspense boundary around the chrome and the screen: React hydrates what is inside it after the
          providers, in slices that give the browser its main thread back every few milliseconds, instead of
          in one long task (issue 35); a tap on a part not yet hydrated hydrates that part first. The server
          writes it in place (src/web-server/inline-boundaries.ts), so no script has to move it there.
        */}
        <Suspense fallback={null}>
          <Chrome layout={pageProps.layout} options={Component.layoutOptions}>
            {/* A loader's "forbidden" answer (status 403): the refusal screen instead of the screen. */}
            {pageProps.forbidden ? <ForbiddenScreen /> : <Component {...pageProps} />}
          </Chrome>
        </Suspense>
        <AuthWall linkPrefix={linkPrefix} />
        <AfterIdle>
          <OfflineChrome linkPrefix={linkPrefix} />
          {pageProps.layout?.features.webVitals ? <WebVitalsReporter /> : null}
        </AfterIdle>
      </SessionProvider>
      <Toaster />
    </UiProvider>
  );
}

/** Renders its children once the browser is idle after the first paint (they never delay the page). */
function AfterIdle({ children }: { children: React.ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // Called on window (a detached requestIdleCallback throws "Illegal invocation").
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(() => setReady(true), 1500);
    return () => window.clearTimeout(timer);
  }, []);
  return ready ? <>{children}</> : null;
}

function Chrome({ layout, options, children }: { layout?: LayoutData; options?: LayoutOptions; children: React.ReactNode }) {
  if (!layout) return <ClientChrome options={options}>{children}</ClientChrome>;
  return (
    <Layout data={layout} {...options}>
      {children}
    </Layout>
  );
}
