export { default, getServerSideProps } from "../../../../admin/recognition/coverage";
