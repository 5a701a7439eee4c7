export { UserEditScreen as default } from "@/features/user/user-edit-screen";
export { getServerSideProps } from "@/features/user/user-edit.ssr";
