export { default, getServerSideProps } from "../../../user/download-logs";
