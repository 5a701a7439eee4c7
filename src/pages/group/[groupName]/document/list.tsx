export { default, getServerSideProps } from "../../../document/list";
