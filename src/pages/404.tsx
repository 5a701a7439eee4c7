export { NotFoundScreen as default } from "@/features/errors/error-screen";
