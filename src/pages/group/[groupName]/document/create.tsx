export { default, getServerSideProps } from "../../../document/create";
