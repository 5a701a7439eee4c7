export { default, getServerSideProps } from "../../../../data/table/[shortName]";
