export { ServerErrorScreen as default } from "@/features/errors/error-screen";
