import { Container} from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import dynamic from "next/dynamic";
import Head from "next/head";
import useTranslation from "@/lib/i18n/use-translation";
import type { LayoutOptions } from "@/contracts/layout";
import type { PdfViewerPageProps } from "./pdf-viewer.ssr";

const PdfViewer = dynamic(() => import("./pdf-viewer"), { ssr: false });

function PdfViewerPage({ file }: PdfViewerPageProps) {
  const { t } = useTranslation();
  const name = file?.split("/").pop() ?? "document.pdf";
  return (
    <>
      <Head>
        <title>{t("document:viewer.title")}</title>
        <meta name="robots" content="noindex" />
      </Head>
      <Container maxW="6xl" py={4}>
        <PageTitle mb={3}>
          {t("document:viewer.title")}
        </PageTitle>
        {file ? <PdfViewer file={file} downloadName={name} height="80vh" /> : <p role="alert">{t("document:viewer.refused")}</p>}
      </Container>
    </>
  );
}

const layoutOptions: LayoutOptions = { footer: false };
export const PdfViewerScreen = Object.assign(PdfViewerPage, { layoutOptions });
