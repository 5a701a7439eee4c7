export { default, getServerSideProps } from "../../../page/create";
