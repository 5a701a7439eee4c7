export { RegisterScreen as default } from "@/features/auth/register-screen";
export { getServerSideProps } from "@/features/auth/register.ssr";
