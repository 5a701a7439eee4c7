import { createIcon } from "@/components/ui/icons";

/** Toolbar icons (inline SVG: emoji glyphs are missing from many system fonts). Decorative: the button has the name. */

export const BulletListIcon = createIcon(
  <>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <circle cx="4.5" cy="6" r="1" fill="currentColor" />
    <circle cx="4.5" cy="12" r="1" fill="currentColor" />
    <circle cx="4.5" cy="18" r="1" fill="currentColor" />
  </>,
);
export const OrderedListIcon = createIcon(
  <>
    <path d="M10 6h10M10 12h10M10 18h10" />
    <path d="M4 4.5h1.5V9M3.5 9h3M3.5 14.5c.5-.7 2.8-.9 2.8.6 0 1.2-2.8 2.2-2.8 3.4h3" strokeWidth={1.5} />
  </>,
);
export const QuoteIcon = createIcon(<path d="M7 7h4v5c0 2.5-1.5 4-4 5M15 7h4v5c0 2.5-1.5 4-4 5" />);
export const LinkIcon = createIcon(
  <>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </>,
);
export const TableIcon = createIcon(
  <>
    <rect x="3" y="4" width="18" height="16" rx="1.5" />
    <path d="M3 10h18M3 15h18M9 4v16M15 4v16" />
  </>,
);
export const ImageIcon = createIcon(
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="1.8" />
    <path d="m4 19 6-6 4 4 3-3 4 4" />
  </>,
);
export const VideoIcon = createIcon(
  <>
    <rect x="3" y="6" width="13" height="12" rx="2" />
    <path d="m16 10 5-3v10l-5-3" />
  </>,
);
export const UndoIcon = createIcon(<path d="M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />);
export const RedoIcon = createIcon(<path d="m15 14 5-5-5-5M20 9H10a6 6 0 0 0 0 12h3" />);
export const RowIcon = createIcon(
  <>
    <rect x="3" y="4" width="18" height="10" rx="1.5" />
    <path d="M12 17v4M10 19h4" />
  </>,
);
export const ColumnIcon = createIcon(
  <>
    <rect x="3" y="3" width="10" height="18" rx="1.5" />
    <path d="M17 12h4M19 10v4" />
  </>,
);
export const RowRemoveIcon = createIcon(
  <>
    <rect x="3" y="4" width="18" height="10" rx="1.5" />
    <path d="M10 19h4" />
  </>,
);
export const ColumnRemoveIcon = createIcon(
  <>
    <rect x="3" y="3" width="10" height="18" rx="1.5" />
    <path d="M17 12h4" />
  </>,
);
export const TableRemoveIcon = createIcon(
  <>
    <rect x="3" y="4" width="18" height="16" rx="1.5" />
    <path d="m9 9 6 6M15 9l-6 6" />
  </>,
);
