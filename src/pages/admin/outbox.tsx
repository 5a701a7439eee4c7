export { OutboxScreen as default } from "@/features/admin/outbox-screen";
export { getServerSideProps } from "@/features/admin/outbox.ssr";
