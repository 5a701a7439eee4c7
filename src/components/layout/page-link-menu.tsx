import useTranslation from "@/lib/i18n/use-translation";
import type { PageTreeNode } from "@/contracts/page";
import { ChevronDownIcon } from "@/components/ui/icons";
import { Dropdown } from "./dropdown";
import { NavLink } from "./nav-link";
import { flattenPages, leavesSite } from "./page-tree";

interface PageLinkMenuProps {
  page: PageTreeNode;
  /** Link of a page id (group-prefixed by the caller). */
  hrefOf: (id: number) => string;
}

/**
 * A page as a link; when it has children, a separate labelled chevron button opens the list of
 * them (two sibling controls, never one inside the other). Renders an <li>.
 */
export function PageLinkMenu({ page, hrefOf }: PageLinkMenuProps) {
  const { t } = useTranslation();
  const link = (
    <NavLink href={hrefOf(page.id)} external={leavesSite(page)}>
      {page.title}
    </NavLink>
  );
  if (page.children.length === 0) return <li>{link}</li>;
  return (
    <li>
      {link}
      <Dropdown
        label={<ChevronDownIcon />}
        ariaLabel={t("header:pages.show_subpages", { title: page.title })}
        buttonClassName="cca-icon-btn cca-icon-btn--small"
      >
        <ul className="cca-list">
          {flattenPages(page.children).map(({ page: child, depth }) => (
            <li key={child.id}>
              <NavLink href={hrefOf(child.id)} external={leavesSite(child)} className="cca-dropdown__item" style={depth > 0 ? { paddingInlineStart: `${0.5 + depth}rem` } : undefined}>
                {child.title}
              </NavLink>
            </li>
          ))}
        </ul>
      </Dropdown>
    </li>
  );
}
