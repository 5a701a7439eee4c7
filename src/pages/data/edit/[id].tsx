export { DataEditScreen as default } from "@/features/data/data-edit-screen";
export { getServerSideProps } from "@/features/data/data-edit.ssr";
