export { DataListScreen as default } from "@/features/data/data-list-screen";
export { getServerSideProps } from "@/features/data/data-list.ssr";
