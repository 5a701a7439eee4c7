import type { LabelKind } from "@/contracts/local-contexts";

/** The badge colours: restricting labels in a deep red, the others by kind (TK teal, BC olive green). */
export const LABEL_ICON_COLOURS = { restricts: "#9b1c31", TK: "#0f6e66", BC: "#5b6b12" } as const;

export interface LabelIconProps {
  kind: LabelKind;
  restricts: boolean;
  /** Width and height in CSS pixels. */
  size?: number;
}

/**
 * A Local Contexts label's icon, drawn by the portal: the kind's letters ("TK", "BC") in a rounded
 * square, red for labels that restrict access, with a small bar across the top corner as a second cue
 * that does not rely on colour. Decorative: the label's name is always written next to it.
 */
export function LabelIcon({ kind, restricts, size = 32 }: LabelIconProps) {
  const fill = restricts ? LABEL_ICON_COLOURS.restricts : LABEL_ICON_COLOURS[kind];
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" data-label-icon={kind} data-restricts={restricts ? "true" : "false"} style={{ flexShrink: 0 }}>
      <rect x="1" y="1" width="30" height="30" rx="7" fill={fill} />
      <rect x="3.5" y="3.5" width="25" height="25" rx="5" fill="none" stroke="#ffffff" strokeOpacity="0.55" strokeWidth="1" />
      {restricts ? <path d="M21 3.5h2.5a5 5 0 0 1 5 5V11z" fill="#ffffff" /> : null}
      <text x="16" y="20.5" textAnchor="middle" fontFamily="system-ui, -apple-system, 'Segoe UI', sans-serif" fontSize="12" fontWeight="700" fill="#ffffff" letterSpacing="0.5">
        {kind}
      </text>
    </svg>
  );
}
