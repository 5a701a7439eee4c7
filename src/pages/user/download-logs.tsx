export { DownloadLogsScreen as default } from "@/features/document/download-logs-screen";
export { getServerSideProps } from "@/features/document/download-logs.ssr";
