export { DataShowScreen as default } from "@/features/data/data-show-screen";
export { getServerSideProps } from "@/features/data/data-show.ssr";
