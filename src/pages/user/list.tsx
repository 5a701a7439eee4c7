export { UserListScreen as default } from "@/features/user/user-list-screen";
export { getServerSideProps } from "@/features/user/user-list.ssr";
