import type { AppProps } from "next/app";
import type { NextPage } from "next";
import dynamic from "next/dynamic";
import { AuthWall } from "@/components/auth/auth-wall";
import { Layout } from "@/components/layout/layout";
import type { LayoutData, LayoutOptions } from "@/contracts/layout";
import { UiProvider } from "@/components/ui/provider";
import { Toaster } from "@/components/ui/toaster";
import { SessionProvider } from "@/components/auth/session-context";

const ClientChrome = dynamic(() => import("@/components/layout/client-chrome"));
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
        <Chrome layout={pageProps.layout} options={Component.layoutOptions}>
          {/* A loader's "forbidden" answer (status 403): the refusal screen instead of the screen. */}
          {pageProps.forbidden ? <ForbiddenScreen /> : <Component {...pageProps} />}
        </Chrome>
        <AuthWall linkPrefix={linkPrefix} />
      </SessionProvider>
      <Toaster />
    </UiProvider>
  );
}

function Chrome({ layout, options, children }: { layout?: LayoutData; options?: LayoutOptions; children: React.ReactNode }) {
  if (!layout) return <ClientChrome options={options}>{children}</ClientChrome>;
  return (
    <Layout data={layout} {...options}>
      {children}
    </Layout>
  );
}
