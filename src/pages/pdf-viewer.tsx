export { PdfViewerScreen as default } from "@/features/document/pdf-viewer-screen";
export { getServerSideProps } from "@/features/document/pdf-viewer.ssr";
