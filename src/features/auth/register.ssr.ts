export { getGuestScreenProps as getServerSideProps } from "./auth.ssr";
