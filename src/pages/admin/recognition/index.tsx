export { RecognitionScreen as default } from "@/features/recognition/recognition-screen";
export { getRecognitionProps as getServerSideProps } from "@/features/recognition/recognition.ssr";
