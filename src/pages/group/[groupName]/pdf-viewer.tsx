export { default, getServerSideProps } from "../../pdf-viewer";
