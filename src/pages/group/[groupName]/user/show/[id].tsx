export { default, getServerSideProps } from "../../../../user/show/[id]";
