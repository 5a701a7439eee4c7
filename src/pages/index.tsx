export { HomeScreen as default } from "@/features/home/home-screen";
export { getServerSideProps } from "@/features/home/home.ssr";
