export { default, getServerSideProps } from "../../../map/create";
