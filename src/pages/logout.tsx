export { LogoutScreen as default } from "@/features/auth/logout-screen";
export { getServerSideProps } from "@/features/auth/logout.ssr";
