export { default, getServerSideProps } from "../../../admin/homegallery";
