import { createIcon } from "@/components/ui/icons";

export const ArrowUpIcon = createIcon(<path d="M12 19V5M5 12l7-7 7 7" />);
export const ArrowDownIcon = createIcon(<path d="M12 5v14M19 12l-7 7-7-7" />);
export const IndentIcon = createIcon(<path d="M3 6h18M9 12h12M9 18h12M3 10l3 2-3 2" />);
export const OutdentIcon = createIcon(<path d="M3 6h18M9 12h12M9 18h12M6 10l-3 2 3 2" />);
export const CopyIcon = createIcon(
  <>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </>,
);
export const TrashIcon = createIcon(<path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />);
