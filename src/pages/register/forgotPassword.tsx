export { ForgotPasswordScreen as default } from "@/features/auth/forgot-password-screen";
export { getServerSideProps } from "@/features/auth/forgot-password.ssr";
