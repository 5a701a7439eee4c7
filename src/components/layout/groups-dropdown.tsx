import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useId, useRef, useState } from "react";
import SITE_CONFIG from "@site-config";
import type { GroupListItem } from "@/contracts/group";
import { ChevronDownIcon } from "@/components/ui/icons";
import { groupHref } from "@/lib/group-link";
import { distinctLocalName, groupInitials } from "@/lib/groups/group-names";
import { Dropdown } from "./dropdown";
import { groupIconUrl } from "./group-icon";
import { filterGroups, useDebouncedValue } from "./group-search";
import { NavLink } from "./nav-link";

const LOGO_WIDTH = SITE_CONFIG.THUMBNAILS.GROUP_LOGO_DROPDOWN;

function GroupRow({ group }: { group: GroupListItem }) {
  const icon = groupIconUrl(group.icon, LOGO_WIDTH);
  const localName = distinctLocalName(group.name, group.nameLocal);
  return (
    <li>
      <NavLink href={group.webAddress} className="cca-groups-panel__row">
        {icon ? (
          // eslint-disable-next-line @next/next/no-img-element -- small fixed-size logos; images.unoptimized is on, so next/image would only add weight
          <img className="cca-groups-panel__logo" src={icon} alt="" width={LOGO_WIDTH} height={LOGO_WIDTH} loading="lazy" />
        ) : (
          <span className="cca-groups-panel__logo cca-groups-panel__initials" aria-hidden="true">
            {groupInitials(group.name)}
          </span>
        )}
        <span>
          {localName ? <span className="cca-groups-panel__local">{localName}</span> : null}
          {group.name}
        </span>
      </NavLink>
    </li>
  );
}

interface GroupsPanelProps {
  groups: readonly GroupListItem[];
  /** The current group's link prefix: "see all" stays inside the group (its twin of /group/list). */
  linkPrefix?: string;
}

/** Search box, filtered list of microsites and "see all"; focuses the search box when shown. */
export function GroupsPanel({ groups, linkPrefix = "" }: GroupsPanelProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const debounced = useDebouncedValue(query, SITE_CONFIG.UI.GROUP_SEARCH_DEBOUNCE_MS);
  const visible = filterGroups(groups, debounced);
  useEffect(() => inputRef.current?.focus(), []);

  return (
    <div className="cca-groups-panel">
      <label htmlFor={inputId} className="cca-sr-only">
        {t("header:groups.search_label")}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="cca-input"
        type="search"
        autoComplete="off"
        placeholder={t("header:groups.search_placeholder")}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <div className="cca-groups-panel__list">
        {visible.length > 0 ? (
          <ul className="cca-list">
            {visible.map((group) => (
              <GroupRow key={group.id} group={group} />
            ))}
          </ul>
        ) : (
          <p role="status" className="cca-dropdown__text">
            {t("header:groups.empty")}
          </p>
        )}
      </div>
      <NavLink href={groupHref(linkPrefix, "/group/list")} className="cca-link cca-groups-panel__all">
        {t("header:groups.see_all")} <span aria-hidden="true">→</span>
      </NavLink>
    </div>
  );
}

/** "Microsites": opens a searchable list of every group. */
export function GroupsDropdown({ groups, linkPrefix = "" }: GroupsPanelProps) {
  const { t } = useTranslation();
  return (
    <Dropdown
      className="cca-groups-dropdown"
      label={
        <>
          {t("header:groups.trigger")}
          <ChevronDownIcon />
        </>
      }
    >
      <GroupsPanel groups={groups} linkPrefix={linkPrefix} />
    </Dropdown>
  );
}
