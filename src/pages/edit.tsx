export { GroupEditScreen as default } from "@/features/group/group-edit-screen";
export { getServerSideProps } from "@/features/group/group-edit.ssr";
