import { Box, type BoxProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { color } from "./css-tokens";

const WHITE = color("white");
const SHADOW = "rgba(0, 0, 0, 0.22)";

/**
 * Shows that a table wider than the screen scrolls, in CSS only: a shadow at each edge with more columns
 * behind it (white covers travel with the content, background-attachment local, and hide the shadow at
 * an edge already reached), and a scrollbar that is always drawn, not an overlay that appears on touch.
 * The rows are see-through so the shadows show through them (a hovered row keeps its highlight).
 */
const SCROLL_HINT = {
  background: [
    `linear-gradient(to right, ${WHITE} 30%, transparent) left center / 2.5rem 100% no-repeat local`,
    `linear-gradient(to left, ${WHITE} 30%, transparent) right center / 2.5rem 100% no-repeat local`,
    `radial-gradient(farthest-side at 0 50%, ${SHADOW}, transparent) left center / 0.875rem 100% no-repeat scroll`,
    `radial-gradient(farthest-side at 100% 50%, ${SHADOW}, transparent) right center / 0.875rem 100% no-repeat scroll`,
    WHITE,
  ].join(", "),
  "& tr:not(:hover)": { background: "transparent" },
  "&::-webkit-scrollbar": { height: "0.625rem" },
  "&::-webkit-scrollbar-track": { background: color("gray.100") },
  "&::-webkit-scrollbar-thumb": { background: color("gray.400"), borderRadius: "full", border: `2px solid ${color("gray.100")}` },
  "@supports not selector(::-webkit-scrollbar)": { scrollbarWidth: "thin", scrollbarColor: `${color("gray.400")} ${color("gray.100")}` },
} as const;

/** A table's frame: a named region that scrolls sideways on a narrow screen, takes keyboard focus to scroll, and shows that it scrolls. */
export function TableRegion({ label, children, ...rest }: { label: string; children: ReactNode } & Omit<BoxProps, "children">) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} overflowX="auto" borderWidth="1px" borderRadius="md" css={SCROLL_HINT} {...rest}>
      {children}
    </Box>
  );
}
