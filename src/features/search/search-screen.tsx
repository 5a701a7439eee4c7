import { Badge, Box, Button, chakra, Container, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import Head from "next/head";
import NextLink from "next/link";
import { useRouter } from "next/router";
import { Fragment, useId, useRef, type FormEvent } from "react";
import { SEARCH_KINDS, SEARCH_PAGE_DEFAULT, SEARCH_QUERY_MAX_CHARS, type SearchAnswer, type SearchHit, type SearchKind, type SearchTextPart } from "@/contracts/search";
import type { LayoutData } from "@/contracts/layout";
import { languagePrefix, portalSearchPath, searchFormAction, siteSearchUrl } from "@/components/layout/navbar-search";
import { ListResults } from "@/components/list/list-results";
import { AppLink } from "@/components/ui/app-link";
import { InputBox } from "@/components/ui/chakra/input";
import { ExternalMark } from "@/components/ui/external-mark";
import { PageTitle } from "@/components/ui/page-title";
import useTranslation from "@/lib/i18n/use-translation";
import { numberFormat } from "@/shared/format/intl";
import { hitHref, searchHref, type SearchRequest } from "./search-query";
import type { SearchProps } from "./search.ssr";

type Props = SearchProps & { layout: LayoutData };

const KIND_PALETTE: Record<SearchKind, string> = {
  record: "teal",
  page: "blue",
  document: "orange",
  group: "purple",
  layer: "green",
  user: "gray",
};

/** A filter option: a link that reads as a pill; the current one filled. */
const PILL = {
  display: "inline-flex",
  alignItems: "center",
  gap: 1,
  minH: "2.5rem",
  px: 3,
  borderWidth: "1px",
  borderColor: "gray.300",
  borderRadius: "full",
  bg: "white",
  color: "teal.800",
  fontWeight: "medium",
  textDecoration: "none",
  _hover: { bg: "teal.50", textDecoration: "none" },
  _focusVisible: { outline: "2px solid", outlineColor: "teal.600", outlineOffset: "2px" },
  "&[aria-current=page]": { bg: "teal.700", color: "white", borderColor: "teal.700" },
} as const;

/** Text with the words the query found in `<mark>`. */
function Marked({ parts }: { parts: readonly SearchTextPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          <chakra.mark key={i} bg="yellow.200" color="inherit" borderRadius="sm" px="0.5">
            {part.text}
          </chakra.mark>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

const plain = (parts: readonly SearchTextPart[]) => parts.map((p) => p.text).join("").trim();

/** The search box of the screen: prefilled with the query; submitting searches again, from the first page of every type. */
function SearchForm({ query, linkPrefix }: { query: string; linkPrefix: string }) {
  const { t } = useTranslation();
  const router = useRouter();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const path = portalSearchPath(linkPrefix, inputRef.current?.value ?? "");
    if (path) void router.push(path);
    else inputRef.current?.focus();
  };
  return (
    <form role="search" aria-label={t("search:title")} action={searchFormAction(linkPrefix, router.locale, router.defaultLocale)} method="get" onSubmit={onSubmit}>
      <label htmlFor={inputId}>
        <Text as="span" fontWeight="medium">
          {t("search:form.label")}
        </Text>
      </label>
      <Flex gap={2} mt={2} direction={{ base: "column", sm: "row" }}>
        <InputBox
          key={query}
          ref={inputRef}
          id={inputId}
          type="search"
          name="q"
          defaultValue={query}
          placeholder={t("search:form.placeholder")}
          maxLength={SEARCH_QUERY_MAX_CHARS}
          enterKeyHint="search"
          bg="white"
          flex="1"
          minW={0}
        />
        <Button type="submit" colorPalette="teal">
          {t("search:form.submit")}
        </Button>
      </Flex>
    </form>
  );
}

/** All and each kind with its count; kinds without hits are left out (unless chosen). Links, so they work without JavaScript. */
function KindFilter({ request, counts, linkPrefix, format }: { request: SearchRequest; counts: SearchAnswer["counts"]; linkPrefix: string; format: (n: number) => string }) {
  const { t } = useTranslation();
  const all = SEARCH_KINDS.reduce((n, kind) => n + (counts[kind] ?? 0), 0);
  const options: { kind: SearchKind | null; label: string; count: number }[] = [
    { kind: null, label: t("search:filter.all"), count: all },
    ...SEARCH_KINDS.filter((kind) => (counts[kind] ?? 0) > 0 || kind === request.kind).map((kind) => ({ kind, label: t(`search:kinds.${kind}`), count: counts[kind] ?? 0 })),
  ];
  return (
    <nav aria-label={t("search:filter.label")}>
      <Flex as="ul" listStyleType="none" wrap="wrap" gap={2}>
        {options.map((option) => (
          <li key={option.kind ?? "all"}>
            <Box asChild {...PILL}>
              <NextLink href={searchHref(linkPrefix, { q: request.q, kind: option.kind, offset: 0 })} aria-current={option.kind === request.kind ? "page" : undefined} prefetch={false}>
                {`${option.label} (${format(option.count)})`}
              </NextLink>
            </Box>
          </li>
        ))}
      </Flex>
    </nav>
  );
}

function HitItem({ hit, href }: { hit: SearchHit; href: string | null }) {
  const { t } = useTranslation();
  const title = plain(hit.title) ? <Marked parts={hit.title} /> : t("search:untitled");
  return (
    <Box as="li" bg="white" borderWidth="1px" borderRadius="lg" p={{ base: 3, md: 4 }}>
      <Flex gap={2} align="center" wrap="wrap" mb={1}>
        <Badge colorPalette={KIND_PALETTE[hit.kind] ?? "gray"} variant="subtle">
          {t(`search:kind.${hit.kind}`)}
        </Badge>
        {hit.fuzzy ? (
          <Text as="span" fontSize="sm" color="gray.700" fontStyle="italic">
            {t("search:fuzzy")}
          </Text>
        ) : null}
      </Flex>
      <Heading as="h2" size="md" overflowWrap="anywhere">
        {href ? (
          <AppLink href={href} prefetch={false} color="teal.700" textDecoration="underline" textUnderlineOffset="3px">
            {title}
          </AppLink>
        ) : (
          title
        )}
      </Heading>
      {plain(hit.snippet) ? (
        <Text color="gray.700" mt={1} overflowWrap="anywhere">
          <Marked parts={hit.snippet} />
        </Text>
      ) : null}
    </Box>
  );
}

/**
 * "Did you mean …?" as one sentence of the language, the suggestion a link: the translation is split
 * where the suggestion goes.
 */
function DidYouMean({ suggestion, href }: { suggestion: string; href: string }) {
  const { t } = useTranslation();
  const SLOT = "\u0000";
  const [before = "", after = ""] = t("search:did_you_mean", { suggestion: SLOT }).split(SLOT);
  return (
    <Text fontSize="lg">
      {before}
      <AppLink href={href} prefetch={false} color="teal.700" fontWeight="semibold" textDecoration="underline">
        {suggestion}
      </AppLink>
      {after}
    </Text>
  );
}

function EmptyResults({ answer, request, linkPrefix }: { answer: SearchAnswer; request: SearchRequest; linkPrefix: string }) {
  const { t } = useTranslation();
  if (answer.total > 0) {
    // Asked for a page past the last one.
    return (
      <Stack gap={3} align="center">
        <Text>{t("search:empty.page_empty")}</Text>
        <AppLink href={searchHref(linkPrefix, { ...request, offset: 0 })} prefetch={false} color="teal.700" textDecoration="underline">
          {t("search:empty.first_page")}
        </AppLink>
      </Stack>
    );
  }
  return (
    <Stack gap={3} textAlign="start">
      <Heading as="h2" size="md">
        {t("search:empty.title", { query: answer.query || request.q })}
      </Heading>
      <Text fontWeight="medium">{t("search:empty.tips_label")}</Text>
      <Stack as="ul" gap={1} ps={5} listStyleType="disc">
        <li>{t("search:empty.tip_spelling")}</li>
        <li>{t("search:empty.tip_words")}</li>
        <li>{t("search:empty.tip_script")}</li>
      </Stack>
      {request.kind ? (
        <AppLink href={searchHref(linkPrefix, { q: request.q, kind: null, offset: 0 })} prefetch={false} color="teal.700" textDecoration="underline">
          {t("search:empty.all_kinds")}
        </AppLink>
      ) : null}
    </Stack>
  );
}

/** /search and /group/{name}/search: the portal's own search, server-rendered page by page. */
export function SearchScreen({ request, answer, failure, layout }: Props) {
  const { t, lang } = useTranslation();
  const router = useRouter();
  const prefix = layout.currentGroup.linkPrefix;
  const format = (n: number) => numberFormat(lang).format(n);
  // A count at the answer's cap means "at least": "500+".
  const formatCount = (n: number) => (answer && n >= answer.countCap ? `${format(answer.countCap)}+` : format(n));
  const query = answer?.query || request.q;
  const group = layout.currentGroup;
  const groupName = lang === "hi" && group.nameLocal ? group.nameLocal : group.name;
  // Inside a group: the whole portal's search (on the main domain; from a group's own domain, on the site's address).
  const mainSearch = searchHref("", { q: request.q, kind: request.kind, offset: 0 });
  const everywhere = group.id === null ? null : prefix ? mainSearch : `${layout.siteUrl.replace(/\/+$/, "")}${languagePrefix(router.locale, router.defaultLocale)}${mainSearch}`;
  const webUrl = query ? siteSearchUrl(layout.siteUrl, query) : null;

  const limit = answer?.limit || SEARCH_PAGE_DEFAULT;
  const offset = answer?.offset ?? request.offset;
  const page = Math.floor(offset / limit) + 1;
  const totalPages = answer ? Math.max(1, Math.ceil(Math.min(answer.total, answer.countCap) / limit)) : 1;
  const pageHref = (p: number) => searchHref(prefix, { ...request, offset: (p - 1) * limit });

  return (
    <>
      <Head>
        <title>{query ? t("search:title_query", { query }) : t("search:title")}</title>
        <meta name="robots" content="noindex, follow" />
      </Head>
      <Container maxW="4xl" py={{ base: 4, md: 8 }}>
        <Stack gap={5}>
          <PageTitle>{t("search:title")}</PageTitle>
          <SearchForm query={request.q} linkPrefix={prefix} />
          {everywhere ? (
            <Text color="gray.700">
              {t("search:in_group", { group: groupName })}{" "}
              <AppLink href={everywhere} prefetch={false} color="teal.700" textDecoration="underline">
                {t("search:search_everywhere")}
              </AppLink>
            </Text>
          ) : null}

          {!request.q ? (
            <Box bg="white" borderWidth="1px" borderRadius="lg" p={6}>
              <Heading as="h2" size="md" mb={2}>
                {t("search:no_query.title")}
              </Heading>
              <Text color="gray.700">{t("search:no_query.text")}</Text>
            </Box>
          ) : failure && failure !== "failed" ? (
            <Box role="alert" bg="white" borderWidth="1px" borderRadius="lg" p={6}>
              <Text>{t(failure)}</Text>
            </Box>
          ) : (
            <>
              {answer ? <KindFilter request={request} counts={answer.counts} linkPrefix={prefix} format={formatCount} /> : null}
              {answer?.suggestion && answer.suggestion !== answer.query ? (
                <DidYouMean suggestion={answer.suggestion} href={searchHref(prefix, { q: answer.suggestion, kind: null, offset: 0 })} />
              ) : null}
              {answer && answer.hits.length > 0 ? (
                <Text fontWeight="semibold" role="status">
                  {t("search:range", { from: format(answer.offset + 1), to: format(answer.offset + answer.hits.length), total: formatCount(answer.total), query })}
                </Text>
              ) : null}
              <section aria-label={t("search:results_label")}>
                <ListResults<SearchAnswer>
                  data={answer}
                  failed={failure === "failed"}
                  isEmpty={(shown) => shown.hits.length === 0}
                  errorText={t("search:failed")}
                  retryLabel={t("search:retry")}
                  onRetry={() => router.replace(router.asPath)}
                  loadingLabel={t("common:loading")}
                  emptyContent={answer ? <EmptyResults answer={answer} request={request} linkPrefix={prefix} /> : null}
                  pager={{ page, totalPages, hrefOf: pageHref, onPage: (p) => void router.push(pageHref(p)) }}
                >
                  {(shown) => (
                    <Stack as="ol" gap={3} listStyleType="none">
                      {shown.hits.map((hit) => (
                        <HitItem key={`${hit.kind}-${hit.id}`} hit={hit} href={hitHref(hit, prefix, layout.groups)} />
                      ))}
                    </Stack>
                  )}
                </ListResults>
              </section>
              {webUrl ? (
                <Text>
                  <AppLink href={webUrl} color="teal.700" textDecoration="underline">
                    {t("search:web", { query })}
                    <ExternalMark />
                  </AppLink>
                </Text>
              ) : null}
            </>
          )}
        </Stack>
      </Container>
    </>
  );
}
