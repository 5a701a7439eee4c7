export { GroupCreateScreen as default } from "@/features/group/group-create-screen";
export { getServerSideProps } from "@/features/group/group-create.ssr";
