export { PageEmptyScreen as default } from "@/features/page/page-empty-screen";
export { getServerSideProps } from "@/features/page/page-empty.ssr";
