export { ChartScreen as default } from "@/features/chart/chart-screen";
export { getServerSideProps } from "@/features/chart/chart.ssr";
