export { default, getServerSideProps } from "../../../user/list";
