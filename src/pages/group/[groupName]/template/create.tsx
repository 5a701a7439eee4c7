export { default, getServerSideProps } from "../../../template/create";
