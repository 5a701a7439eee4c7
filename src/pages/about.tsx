export { GroupAboutScreen as default } from "@/features/group/group-about-screen";
export { getServerSideProps } from "@/features/group/group-about.ssr";
