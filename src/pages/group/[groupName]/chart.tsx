export { default, getServerSideProps } from "../../chart";
