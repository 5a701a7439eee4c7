export { default, getServerSideProps } from "../../../page/empty";
