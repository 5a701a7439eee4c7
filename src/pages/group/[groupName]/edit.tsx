export { default, getServerSideProps } from "../../edit";
