export { default, getServerSideProps } from "../../list";
