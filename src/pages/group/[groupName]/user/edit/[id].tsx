export { default, getServerSideProps } from "../../../../user/edit/[id]";
