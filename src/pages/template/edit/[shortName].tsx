export { TemplateEditScreen as default } from "@/features/template/template-edit-screen";
export { getServerSideProps } from "@/features/template/template-edit.ssr";
