export { DataTableScreen as default } from "@/features/data/data-table-screen";
export { getServerSideProps } from "@/features/data/data-table.ssr";
