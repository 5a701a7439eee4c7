export { ParticipateListScreen as default } from "@/features/participate/participate-list-screen";
export { getServerSideProps } from "@/features/participate/participate-list.ssr";
