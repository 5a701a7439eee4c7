export { ParticipateFormScreen as default } from "@/features/participate/participate-form-screen";
export { getServerSideProps } from "@/features/participate/participate-form.ssr";
