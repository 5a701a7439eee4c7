export { default, getServerSideProps } from "../../../../document/show/[id]";
