export { MapCreateScreen as default } from "@/features/map/map-create-screen";
export { getServerSideProps } from "@/features/map/map-create.ssr";
