export { LoginScreen as default } from "@/features/auth/login-screen";
export { getServerSideProps } from "@/features/auth/login.ssr";
