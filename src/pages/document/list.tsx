export { DocumentListScreen as default } from "@/features/document/document-list-screen";
export { getServerSideProps } from "@/features/document/document-list.ssr";
