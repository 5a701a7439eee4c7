import type { PageTreeNode } from "@/contracts/page";
import { groupHref } from "@/lib/group-link";
import { NavLink } from "./nav-link";
import { flattenPages, leavesSite } from "./page-tree";
import { PageLinkMenu } from "./page-link-menu";

interface NavbarPagesProps {
  pages: readonly PageTreeNode[];
  linkPrefix: string;
  /** "menu": links with chevron dropdowns (desktop bar); "list": every page as a link (mobile). */
  variant?: "menu" | "list";
}

/** The children of navbar page 5965, linking `/page/{id}` (group-prefixed). */
export function NavbarPages({ pages, linkPrefix, variant = "menu" }: NavbarPagesProps) {
  const hrefOf = (id: number) => groupHref(linkPrefix, `/page/${id}`);
  if (pages.length === 0) return null;
  if (variant === "list") {
    return (
      <ul className="cca-list">
        {flattenPages(pages).map(({ page, depth }) => (
          <li key={page.id}>
            <NavLink
              href={hrefOf(page.id)}
              external={leavesSite(page)}
              className={depth > 0 ? "cca-link cca-link--child" : "cca-link"}
              style={depth > 1 ? { paddingInlineStart: `${depth}rem` } : undefined}
            >
              {page.title}
            </NavLink>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="cca-list cca-navbar__row">
      {pages.map((page) => (
        <PageLinkMenu key={page.id} page={page} hrefOf={hrefOf} />
      ))}
    </ul>
  );
}
