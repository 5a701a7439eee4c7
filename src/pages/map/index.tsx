export { MapScreen as default } from "@/features/map/map-screen";
export { getServerSideProps } from "@/features/map/map.ssr";
