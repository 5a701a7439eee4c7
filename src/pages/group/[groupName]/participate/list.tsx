export { default, getServerSideProps } from "../../../participate/list";
