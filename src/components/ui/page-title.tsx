import { Heading, type HeadingProps } from "@chakra-ui/react";
import { forwardRef } from "react";

/**
 * The one title of a screen (its h1): one size on every screen (Chakra's `2xl`, 24 px on a 2rem line,
 * semibold), so titles no longer range from 18 to 36 px. Screens styled with class names use
 * `cca-page-title` (home-styles.ts), the same values; a unit test keeps every screen on one of the two.
 */
export const PageTitle = forwardRef<HTMLHeadingElement, Omit<HeadingProps, "as" | "size">>(function PageTitle(props, ref) {
  return <Heading as="h1" size="2xl" ref={ref} {...props} />;
});
