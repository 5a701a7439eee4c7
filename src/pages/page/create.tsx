export { PageEditScreen as default } from "@/features/page-edit/page-edit-screen";
export { getServerSideProps } from "@/features/page-edit/page-create.ssr";
