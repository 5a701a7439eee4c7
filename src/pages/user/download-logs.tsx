export { DownloadLogsScreen as default } from "@/features/user/download-logs-screen";
export { getServerSideProps } from "@/features/user/download-logs.ssr";
