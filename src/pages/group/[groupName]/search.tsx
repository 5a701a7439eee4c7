export { default, getServerSideProps } from "../../search";
