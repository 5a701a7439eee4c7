export { default, getServerSideProps } from "../../../admin/outbox";
