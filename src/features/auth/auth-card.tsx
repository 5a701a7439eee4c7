import { Box, Container, Heading } from "@chakra-ui/react";
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
          <Heading as="h1" size="2xl" mb={6}>
            {title}
          </Heading>
          {children}
        </Box>
      </Container>
    </>
  );
}
