import { Box, Button, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { Fragment, type ReactNode, type Ref } from "react";

/** What the timeline reads of its infinite query (`useActivityPages`). */
export interface TimelineQuery {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

export interface ActivityTimelineProps<E extends { id: number }> {
  /** The heading's id, which names the section. */
  titleId: string;
  title: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  sectionRef?: Ref<HTMLElement>;
  mt: number;
  className?: string;
  query: TimelineQuery;
  entries: readonly E[];
  /** One `<li>` per entry. */
  renderEntry: (entry: E) => ReactNode;
  /** While the first page loads: its text, padding, and how it is announced. */
  loading: { text: string; py: number; role?: "status"; ariaLive?: "polite" };
  /** When the first page failed: the message (with a retry button) and its padding. */
  loadError: { text: ReactNode; py?: number };
  /** Said when there is nothing yet (omitted: nothing said). */
  empty?: string;
  /** Said when a further page failed (omitted: nothing said). */
  nextPageError?: string;
  retryLabel: string;
  moreLabel: string;
  listTestId?: string;
  /** The comment form, under the list. */
  children: ReactNode;
}

/**
 * The history and comments of an object (a record, a document, a template, a page): a titled section
 * with the entries newest first, loading and failure states, a "more" button and the comment form.
 */
export function ActivityTimeline<E extends { id: number }>({
  titleId,
  title,
  headingRef,
  sectionRef,
  mt,
  className,
  query,
  entries,
  renderEntry,
  loading,
  loadError,
  empty,
  nextPageError,
  retryLabel,
  moreLabel,
  listTestId,
  children,
}: ActivityTimelineProps<E>) {
  return (
    <Box as="section" ref={sectionRef} aria-labelledby={titleId} mt={mt} bg="white" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }} className={className}>
      <Heading as="h2" id={titleId} ref={headingRef} size="lg" mb={2}>
        {title}
      </Heading>
      {query.isPending ? (
        <HStack color="gray.600" py={loading.py} role={loading.role} aria-live={loading.ariaLive}>
          <Spinner size="sm" />
          <Text>{loading.text}</Text>
        </HStack>
      ) : null}
      {query.isError && entries.length === 0 ? (
        <Stack role="alert" gap={2} py={loadError.py} align="flex-start">
          <Text color="red.700">{loadError.text}</Text>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {retryLabel}
          </Button>
        </Stack>
      ) : null}
      {empty !== undefined && query.isSuccess && entries.length === 0 ? <Text color="gray.600">{empty}</Text> : null}
      {entries.length > 0 ? (
        <Box as="ul" listStyleType="none" m={0} p={0} data-testid={listTestId}>
          {entries.map((entry) => (
            <Fragment key={entry.id}>{renderEntry(entry)}</Fragment>
          ))}
        </Box>
      ) : null}
      {nextPageError !== undefined && query.isFetchNextPageError ? (
        <Text role="alert" color="red.700" mt={2}>
          {nextPageError}
        </Text>
      ) : null}
      {query.hasNextPage ? (
        <Button size="sm" variant="outline" mt={2} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {moreLabel}
        </Button>
      ) : null}
      {children}
    </Box>
  );
}
