import Head from "next/head";
import useTranslation from "next-translate/useTranslation";
import { Container, Heading, Text } from "@chakra-ui/react";

export function PageEmptyScreen() {
  const { t } = useTranslation("page");
  return (
    <>
      <Head>
        <title>{t("page:empty.title")}</title>
      </Head>
      <Container maxW="3xl" py={20} textAlign="center">
        <Heading as="h1" size="2xl" mb={4}>
          {t("page:empty.title")}
        </Heading>
        <Text color="gray.700">{t("page:empty.description")}</Text>
      </Container>
    </>
  );
}
