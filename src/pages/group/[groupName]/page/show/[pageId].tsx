export { default, getServerSideProps } from "../../../../page/show/[pageId]";
