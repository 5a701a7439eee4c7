export { default, getServerSideProps } from "../../../continue/verify-token";
