export { default, getServerSideProps } from "../../../data/review";
