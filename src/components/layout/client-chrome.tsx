import type { ReactNode } from "react";
import { useRouter } from "next/router";
import { useClientLayout } from "@/lib/ssr/client-layout";
import { Layout } from "./layout";
import type { LayoutOptions } from "./layout-types";

/** The Layout for static screens (404, 500): chrome data is fetched in the browser. */
export default function ClientChrome({ options, children }: { options?: LayoutOptions; children: ReactNode }) {
  const { locale } = useRouter();
  const data = useClientLayout(locale === "hi" ? "hi" : "en");
  return (
    <Layout data={data} {...options}>
      {children}
    </Layout>
  );
}
