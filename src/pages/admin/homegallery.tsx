export { HomeGalleryEditor as default } from "@/features/admin/home-gallery-editor";
export { getHomeGalleryProps as getServerSideProps } from "@/features/admin/admin.ssr";
