export { UserShowScreen as default } from "@/features/user/user-show-screen";
export { getServerSideProps } from "@/features/user/user-show.ssr";
