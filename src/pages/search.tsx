export { SearchScreen as default } from "@/features/search/search-screen";
export { getServerSideProps } from "@/features/search/search.ssr";
