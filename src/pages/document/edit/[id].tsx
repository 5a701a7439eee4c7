export { DocumentFormScreen as default } from "@/features/document/document-form-screen";
export { getEditProps as getServerSideProps } from "@/features/document/document-form.ssr";
