export { default, getServerSideProps } from "../../logout";
