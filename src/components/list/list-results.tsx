import { Box, Button, Flex, Spinner, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Pager, type PagerProps } from "@/components/ui/pager";

export interface ListResultsProps<T> {
  /** The answer shown (the server's or the last one asked); none yet while the first loads. */
  data: T | null | undefined;
  /** Asking failed: with no answer to show, the message and a retry. */
  failed: boolean;
  /** The answer has no rows. */
  isEmpty: (data: T) => boolean;
  errorText: ReactNode;
  retryLabel: ReactNode;
  onRetry: () => unknown;
  /** Names the loading spinner. */
  loadingLabel: string;
  /** What the empty box says (and offers, e.g. clearing the filters). */
  emptyContent: ReactNode;
  /** The pager under the list, once an answer is in. */
  pager: PagerProps;
  /** Draws the list (cards or a table); called only once an answer with rows is in. */
  children: (data: T) => ReactNode;
}

/**
 * The results part of a list screen (data, table, documents, users, download logs): a failure with a
 * retry, a spinner while the first answer loads, the empty box or the list, then the pager. The
 * screen keeps its title, filters and count above it.
 */
export function ListResults<T>({ data, failed, isEmpty, errorText, retryLabel, onRetry, loadingLabel, emptyContent, pager, children }: ListResultsProps<T>) {
  return (
    <>
      {failed && !data ? (
        <Box role="alert" bg="white" borderWidth="1px" borderRadius="lg" p={6} textAlign="center">
          <Text mb={4}>{errorText}</Text>
          <Button onClick={() => void onRetry()} variant="outline">
            {retryLabel}
          </Button>
        </Box>
      ) : !data ? (
        <Flex justify="center" py={10}>
          <Spinner size="lg" color="teal.600" aria-label={loadingLabel} />
        </Flex>
      ) : isEmpty(data) ? (
        <Box bg="white" borderWidth="1px" borderRadius="lg" p={6} textAlign="center">
          {emptyContent}
        </Box>
      ) : (
        children(data)
      )}
      {data ? <Pager {...pager} /> : null}
    </>
  );
}
