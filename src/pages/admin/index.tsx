export { AdminDashboard as default } from "@/features/admin/admin-dashboard";
export { getDashboardProps as getServerSideProps } from "@/features/admin/admin.ssr";
