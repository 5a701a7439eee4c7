export { default, getServerSideProps } from "../../../register";
