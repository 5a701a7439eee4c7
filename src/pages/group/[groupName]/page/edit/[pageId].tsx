export { default, getServerSideProps } from "../../../../page/edit/[pageId]";
