export { DocumentShowScreen as default } from "@/features/document/document-show-screen";
export { getServerSideProps } from "@/features/document/document-show.ssr";
