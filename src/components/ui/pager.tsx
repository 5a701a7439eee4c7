import { Box, Flex, Text } from "@chakra-ui/react";
import NextLink from "next/link";
import useTranslation from "@/lib/i18n/use-translation";
import type { KeyboardEvent, MouseEvent, ReactNode } from "react";
import { numberFormat } from "@/shared/format/intl";

/**
 * The pages to show around `current` (1-based): the first, the last and two either side; 0 marks a gap.
 * `pageWindow(5, 20)` → `[1, 0, 3, 4, 5, 6, 7, 0, 20]`.
 */
export function pageWindow(current: number, total: number): number[] {
  const pages: number[] = [];
  for (let p = 1; p <= total; p++) {
    if (p === 1 || p === total || Math.abs(p - current) <= 2) pages.push(p);
    else if (pages[pages.length - 1] !== 0) pages.push(0);
  }
  return pages;
}

export interface PagerProps {
  /** The page shown, 1-based. */
  page: number;
  totalPages: number;
  /** Goes to a page in the browser (shallow navigation, state). */
  onPage: (page: number) => void;
  /** The address of a page: with it the pager is links crawlers follow (modified clicks open them); without it, buttons. */
  hrefOf?: (page: number) => string;
  /** Names the navigation landmark when a screen has more than one pager. */
  label?: string;
  /** Shows page numbers between previous and next (and "Page x of y" to screen readers); otherwise "Page x of y". */
  numbered?: boolean;
}

const ITEM = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minW: "2.5rem",
  minH: "2.5rem",
  px: 3,
  borderWidth: "1px",
  borderColor: "gray.300",
  borderRadius: "md",
  bg: "white",
  color: "teal.700",
  fontWeight: "semibold",
  textDecoration: "none",
  cursor: "pointer",
  _hover: { bg: "teal.50", textDecoration: "none" },
  _focusVisible: { outline: "2px solid", outlineColor: "teal.600", outlineOffset: "2px" },
  _disabled: { color: "gray.500", bg: "gray.50", cursor: "not-allowed" },
  "&[aria-current=page]": { bg: "teal.700", color: "white", borderColor: "teal.700" },
} as const;

/** Left and right arrows move between the pager's links or buttons; Home and End go to the first and last. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>("a, button:not(:disabled)"));
  const at = items.indexOf(document.activeElement as HTMLElement);
  if (at < 0 || items.length === 0) return;
  event.preventDefault();
  const next = event.key === "Home" ? 0 : event.key === "End" ? items.length - 1 : Math.min(items.length - 1, Math.max(0, at + (event.key === "ArrowRight" ? 1 : -1)));
  items[next]!.focus();
}

/**
 * The one pager: previous, page numbers (or "Page x of y") and next, in a labelled navigation landmark.
 * Page links name their page for screen readers ("Page 3") and mark the current one (`aria-current`).
 */
export function Pager({ page, totalPages, onPage, hrefOf, label, numbered = true }: PagerProps) {
  const { t, lang } = useTranslation();
  if (totalPages <= 1) return null;
  const format = (n: number) => numberFormat(lang).format(n);

  const item = (target: number, content: ReactNode, extra: { rel?: string; ariaLabel?: string; current?: boolean; disabled?: boolean }) => {
    const ariaCurrent = extra.current ? ("page" as const) : undefined;
    if (hrefOf && !extra.disabled) {
      const go = (e: MouseEvent<HTMLAnchorElement>) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
        e.preventDefault();
        onPage(target);
      };
      return (
        <Box asChild {...ITEM}>
          <NextLink href={hrefOf(target)} prefetch={false} rel={extra.rel} aria-label={extra.ariaLabel} aria-current={ariaCurrent} onClick={go}>
            {content}
          </NextLink>
        </Box>
      );
    }
    return (
      <Box asChild {...ITEM}>
        <button type="button" disabled={extra.disabled} aria-label={extra.ariaLabel} aria-current={ariaCurrent} onClick={() => onPage(target)}>
          {content}
        </button>
      </Box>
    );
  };

  return (
    <nav aria-label={label ?? t("common:pagination.label")} onKeyDown={moveFocus}>
      {numbered ? (
        <Text srOnly aria-live="polite">
          {t("common:pagination.page_of", { page: format(page), total: format(totalPages) })}
        </Text>
      ) : null}
      <Flex as="ul" listStyleType="none" wrap="wrap" justify="center" align="center" gap={1} mt={8}>
        <li>{item(page - 1, t("common:pagination.previous"), { rel: "prev", disabled: page <= 1 })}</li>
        {numbered ? (
          pageWindow(page, totalPages).map((p, i) =>
            p === 0 ? (
              <li key={`gap-${i}`} aria-hidden="true">
                <Text px={2}>…</Text>
              </li>
            ) : (
              <li key={p}>{item(p, format(p), { ariaLabel: t("common:pagination.page", { page: format(p) }), current: p === page })}</li>
            ),
          )
        ) : (
          <li>
            <Text px={3}>
              {t("common:pagination.page_of", { page: format(page), total: format(totalPages) })}
            </Text>
          </li>
        )}
        <li>{item(page + 1, t("common:pagination.next"), { rel: "next", disabled: page >= totalPages })}</li>
      </Flex>
    </nav>
  );
}
