import { createIcon } from "@/components/ui/icons";

/** Icons of the page screens (decorative: the control holding one carries the accessible name). */

export const ArrowUpIcon = createIcon(<path d="M12 19V5M5 12l7-7 7 7" />);
export const ArrowDownIcon = createIcon(<path d="M12 5v14M19 12l-7 7-7-7" />);
export const IndentIcon = createIcon(<path d="M9 6l6 6-6 6" />);
export const OutdentIcon = createIcon(<path d="M15 6l-6 6 6 6" />);
export const ChevronLeftIcon = createIcon(<path d="m15 18-6-6 6-6" />);
export const ChevronRightIcon = createIcon(<path d="m9 18 6-6-6-6" />);
export const GripIcon = createIcon(
  <>
    <circle cx="9" cy="6" r="1" />
    <circle cx="15" cy="6" r="1" />
    <circle cx="9" cy="12" r="1" />
    <circle cx="15" cy="12" r="1" />
    <circle cx="9" cy="18" r="1" />
    <circle cx="15" cy="18" r="1" />
  </>,
);
export const PauseIcon = createIcon(<path d="M9 5v14M15 5v14" />);
export const PlayIcon = createIcon(<path d="M7 4l13 8-13 8z" />);
export const LinkIcon = createIcon(
  <>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </>,
);
export const ShareIcon = createIcon(
  <>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
  </>,
);
export const ListIcon = createIcon(<path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />);
export const TrashIcon = createIcon(<path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" />);
export const LockIcon = createIcon(
  <>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
);
