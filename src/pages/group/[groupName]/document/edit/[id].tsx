export { default, getServerSideProps } from "../../../../document/edit/[id]";
