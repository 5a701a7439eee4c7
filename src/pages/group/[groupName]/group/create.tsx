export { default, getServerSideProps } from "../../create";
