import { Box, Container} from "@chakra-ui/react";
import { PageTitle } from "@/components/ui/page-title";
import Head from "next/head";
import type { ReactNode } from "react";

/** The centred card of the sign-in, registration and password-reset screens. */
export function AuthCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <>
      <Head>
        <title>{title}</title>
      </Head>
      <Container maxW={wide ? "2xl" : "md"} py={{ base: 6, md: 12 }} px={{ base: 4, md: 6 }}>
        <Box bg="white" borderWidth="1px" borderRadius="lg" p={{ base: 5, md: 8 }} boxShadow="sm">
          <PageTitle mb={6}>
            {title}
          </PageTitle>
          {children}
        </Box>
      </Container>
    </>
  );
}
