export { default, getServerSideProps } from "../../../template/list";
