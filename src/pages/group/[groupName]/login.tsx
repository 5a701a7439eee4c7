export { default, getServerSideProps } from "../../login";
