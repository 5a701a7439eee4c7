export { default, getServerSideProps } from "../../../../data/edit/[id]";
