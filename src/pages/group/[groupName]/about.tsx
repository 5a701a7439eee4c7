export { default, getServerSideProps } from "../../about";
