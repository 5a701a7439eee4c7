export { VerifyTokenScreen as default } from "@/features/contribute/verify-token-screen";
export { getServerSideProps } from "@/features/contribute/verify-token.ssr";
