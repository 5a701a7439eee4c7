export { default, getServerSideProps } from "../../../../template/edit/[shortName]";
