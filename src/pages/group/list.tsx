export { GroupListScreen as default } from "@/features/group/group-list-screen";
export { getServerSideProps } from "@/features/group/group-list.ssr";
