export { OfflineScreen as default } from "@/features/offline/offline-screen";
