export { default, getServerSideProps } from "../../../register/forgotPassword";
