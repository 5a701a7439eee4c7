export { ReviewQueueScreen as default } from "@/features/review/review-queue-screen";
export { getServerSideProps } from "@/features/review/review-queue.ssr";
