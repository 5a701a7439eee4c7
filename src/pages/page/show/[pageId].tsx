export { PageShowScreen as default } from "@/features/page/page-show-screen";
export { getServerSideProps } from "@/features/page/page-show.ssr";
