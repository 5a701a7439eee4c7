export { default, getServerSideProps } from "../../../../data/show/[id]";
