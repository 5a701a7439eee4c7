export { default, getServerSideProps } from "../../../page/[pageId]";
