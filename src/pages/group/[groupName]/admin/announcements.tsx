export { default, getServerSideProps } from "../../../admin/announcements";
