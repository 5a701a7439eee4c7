import useTranslation from "@/lib/i18n/use-translation";
import SITE_CONFIG from "@site-config";
import type { PageTreeNode } from "@/contracts/page";
import { ChevronDownIcon } from "@/components/ui/icons";
import { groupHref } from "@/lib/group-link";
import { Dropdown } from "./dropdown";
import { NavLink } from "./nav-link";
import { flattenPages, leavesSite } from "./page-tree";

/** "Pages": the whole tree flattened (parents bold, a separator between top-level pages), or "No pages". */
export function PagesMenu({ pages, linkPrefix }: { pages: readonly PageTreeNode[]; linkPrefix: string }) {
  const { t } = useTranslation();
  const hrefOf = (id: number) => groupHref(linkPrefix, `/page/show/${id}`);
  return (
    <Dropdown
      label={
        <>
          {t("header:pages.title")}
          <ChevronDownIcon />
        </>
      }
    >
      {pages.length === 0 ? (
        <NavLink href={groupHref(linkPrefix, SITE_CONFIG.PAGES.EMPTY_PATH)} className="cca-dropdown__item">
          {t("header:pages.empty")}
        </NavLink>
      ) : (
        pages.map((top, index) => (
          <div key={top.id}>
            {index > 0 ? <hr className="cca-dropdown__separator" /> : null}
            <ul className="cca-list">
              {flattenPages([top]).map(({ page, depth }) => (
                <li key={page.id}>
                  <NavLink
                    href={hrefOf(page.id)}
                    external={leavesSite(page)}
                    className={page.children.length > 0 ? "cca-dropdown__item cca-dropdown__item--parent" : "cca-dropdown__item"}
                    style={depth > 0 ? { paddingInlineStart: `${0.5 + depth}rem` } : undefined}
                  >
                    {page.title}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </Dropdown>
  );
}
