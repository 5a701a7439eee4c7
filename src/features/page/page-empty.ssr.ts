import { withLayout } from "@/lib/ssr/with-layout";

export const getServerSideProps = withLayout();
