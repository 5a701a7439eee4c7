export { CoverageScreen as default } from "@/features/recognition/coverage-screen";
export { getCoverageProps as getServerSideProps } from "@/features/recognition/recognition.ssr";
