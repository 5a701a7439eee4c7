import { withLayout } from "@/lib/ssr/with-layout";

// The list comes from the chrome's (cached) group list: no extra platform call.
export const getServerSideProps = withLayout();
