export { AnnouncementsScreen as default } from "@/features/admin/announcements-screen";
export { getAnnouncementsProps as getServerSideProps } from "@/features/admin/admin.ssr";
