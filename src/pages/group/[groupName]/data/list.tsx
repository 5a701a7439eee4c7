export { default, getServerSideProps } from "../../../data/list";
