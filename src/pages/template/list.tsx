export { TemplateListScreen as default } from "@/features/template/template-list-screen";
export { getServerSideProps } from "@/features/template/template-list.ssr";
