export { default, getServerSideProps } from "../../../map";
