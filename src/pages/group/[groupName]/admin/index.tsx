export { default, getServerSideProps } from "../../../admin";
