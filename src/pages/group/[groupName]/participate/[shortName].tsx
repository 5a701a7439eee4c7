export { default, getServerSideProps } from "../../../participate/[shortName]";
