import type { ReactNode } from "react";
import { useRouter } from "next/router";
import { useClientLayout } from "@/lib/ssr/client-layout";
import { withQueryClient } from "@/lib/query/query-client";
import { Layout } from "./layout";
import type { LayoutOptions } from "../../contracts/layout";

/** The Layout for static screens (404, 500): chrome data is fetched in the browser. */
function ClientChrome({ options, children }: { options?: LayoutOptions; children: ReactNode }) {
  const { locale } = useRouter();
  const data = useClientLayout(locale === "hi" ? "hi" : "en");
  return (
    <Layout data={data} {...options}>
      {children}
    </Layout>
  );
}

export default withQueryClient(ClientChrome);
