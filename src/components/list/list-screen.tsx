import { Button, Container, Flex, Heading, HStack, Spinner, Text } from "@chakra-ui/react";
import { useId, type ReactNode, type Ref } from "react";
import { Modal } from "@/components/ui/modal";
import { PageTitle } from "@/components/ui/page-title";
import { ListResults, type ListResultsProps } from "./list-results";

/** The filters of a list screen: a sidebar on wide screens with a dialog on narrow ones, or the dialog alone. */
export interface ListFilters {
  /** Names the sidebar, its heading and the dialog. */
  label: string;
  /** Draws the filters; called once per place they show ("f" the sidebar, "m" the dialog), so ids stay apart. */
  content: (idPrefix: string) => ReactNode;
  /**
   * With a sidebar (the layout of cca-dl-layout: filters beside the results from the lg width, the dialog
   * below it), the count becomes the results' heading. Without, the filters live only in the dialog.
   */
  sidebar: boolean;
  /** The dialog: whether it shows, how it closes, and the words of its closing button. */
  open: boolean;
  onClose: () => void;
  doneLabel: ReactNode;
}

export interface ListScreenProps<T> extends ListResultsProps<T> {
  /** The screen's title (its h1). */
  title: ReactNode;
  /** Beside the title, at its end (a create link, export buttons). Null still lays the title out in that row. */
  titleActions?: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** A narrower page (6xl) with more air around the title (the member directory). */
  narrow?: boolean;
  /** Between the title and the results: a search form, a filter select. */
  controls?: ReactNode;
  /** The count of results ("" until the first answer); no count line when left out. */
  count?: ReactNode;
  /** The count's heading beside a sidebar: screens move the focus there after a change the visitor asked for. */
  countRef?: Ref<HTMLHeadingElement>;
  /** Without a sidebar: how the count line reads (muted text with its spinner at the end, or bold text). */
  countTone?: "muted" | "strong";
  /** Beside the count, before the spinner (e.g. the active filters and a way to clear them). */
  countExtra?: ReactNode;
  /** Shows the small spinner beside the count while a later answer loads (named by loadingLabel). */
  isFetching?: boolean;
  /** After the count and its spinner: sort, view, the filters button. */
  actions?: ReactNode;
  filters?: ListFilters;
  /** Between the count line and the results (the map). */
  aboveResults?: ReactNode;
}

/**
 * The shell of a list screen (data, table, documents, users, download logs): the title with its
 * actions or a line under it, the controls, the count line with a spinner while a later answer loads,
 * the filters (sidebar and dialog), then the results part (ListResults: failure and retry, spinner,
 * empty box or the list, pager). The screen keeps its document head and its queries.
 */
export function ListScreen<T>(props: ListScreenProps<T>) {
  const { title, titleActions, subtitle, narrow = false, controls, count, countRef, countTone = "strong", countExtra, isFetching = false, actions, filters, aboveResults, ...results } = props;
  const countId = `${useId()}-results`;
  const titleGap = subtitle !== undefined ? 2 : narrow ? 6 : 4;
  const spinner = isFetching ? <Spinner size="sm" color="teal.600" aria-label={results.loadingLabel} /> : null;
  const sidebar = filters?.sidebar === true;

  const head = (
    <>
      {titleActions !== undefined ? (
        <Flex wrap="wrap" gap={3} align="center" justify="space-between" mb={titleGap}>
          <PageTitle>{title}</PageTitle>
          {titleActions}
        </Flex>
      ) : (
        <PageTitle mb={titleGap}>{title}</PageTitle>
      )}
      {subtitle !== undefined ? (
        <Text color="gray.700" mb={4}>
          {subtitle}
        </Text>
      ) : null}
      {controls}
    </>
  );

  const list = (
    <>
      {aboveResults}
      <ListResults {...results} />
    </>
  );

  return (
    <>
      <Container maxW={narrow ? "6xl" : "7xl"} py={narrow ? { base: 6, md: 10 } : { base: 4, md: 8 }}>
        {head}
        {sidebar && filters ? (
          <div className="cca-dl-layout">
            <aside className="cca-dl-aside" aria-label={filters.label}>
              <Heading as="h2" size="md" mb={2}>
                {filters.label}
              </Heading>
              {filters.content("f")}
            </aside>
            <section aria-labelledby={countId}>
              <Flex wrap="wrap" gap={3} align="center" justify="space-between" mb={4}>
                <Heading as="h2" size="md" id={countId} ref={countRef} tabIndex={-1} role="status" aria-live="polite" outline="none">
                  {count}
                </Heading>
                <HStack gap={2} wrap="wrap">
                  {spinner}
                  {actions}
                </HStack>
              </Flex>
              {list}
            </section>
          </div>
        ) : (
          <>
            {count !== undefined ? (
              <Flex wrap="wrap" gap={3} align="center" mb={4} {...(countTone === "muted" ? { justify: "space-between", minH: "1.75rem" } : {})}>
                <Text role="status" aria-live="polite" {...(countTone === "muted" ? { color: "gray.700" } : { fontWeight: "semibold" })}>
                  {count}
                </Text>
                {countExtra}
                {spinner}
                {actions}
              </Flex>
            ) : null}
            {list}
          </>
        )}
      </Container>
      {filters ? (
        <Modal
          open={filters.open}
          onClose={filters.onClose}
          title={filters.label}
          closeOnOutsideClick
          footer={
            <Button colorPalette="teal" width="full" onClick={filters.onClose}>
              {filters.doneLabel}
            </Button>
          }
        >
          {/* Beside a sidebar the dialog is its narrow-screen twin: its lists scroll as one (cca-dl-modal). */}
          {sidebar ? <div className="cca-dl-modal">{filters.content("m")}</div> : filters.content("m")}
        </Modal>
      ) : null}
    </>
  );
}

/** The button that opens the filters dialog beside a sidebar: hidden from the lg width on, where the sidebar shows. */
export function ListFiltersButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button className="cca-dl-filters-open" size="sm" variant="outline" onClick={onClick}>
      {children}
    </Button>
  );
}
