export { DocumentFormScreen as default } from "@/features/document/document-form-screen";
export { getCreateProps as getServerSideProps } from "@/features/document/document-form.ssr";
