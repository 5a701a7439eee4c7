import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode, type Ref } from "react";
import { useRouteChangeStart } from "./router-hooks";

interface DropdownProps {
  /** Visible content of the toggle button. */
  label: ReactNode;
  /** Accessible name of the button when `label` is an icon or needs more words. */
  ariaLabel?: string;
  buttonClassName?: string;
  className?: string;
  panelClassName?: string;
  /** Which edge of the button the panel lines up with. */
  align?: "start" | "end";
  buttonRef?: Ref<HTMLButtonElement>;
  /** Rendered only while open, so nothing of it is in the server HTML. */
  children: ReactNode;
}

/**
 * Disclosure dropdown for navigation (WAI-ARIA "disclosure navigation menu"): a button with
 * aria-expanded shows a panel of links, reached with Tab. It closes on Escape (focus goes back
 * to the button), on a click outside, when focus leaves it, when a link in it is followed, and
 * when a route change starts. Plain elements keep server rendering cheap.
 */
export function Dropdown({ label, ariaLabel, buttonClassName = "cca-btn", className, panelClassName, align = "end", buttonRef, children }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useRouteChangeStart(close);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: globalThis.MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onPointerDown);
    return () => document.removeEventListener("mousedown", onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape" || !open) return;
    event.stopPropagation(); // close the innermost open thing only
    setOpen(false);
    rootRef.current?.querySelector<HTMLButtonElement>(":scope > button")?.focus();
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !rootRef.current?.contains(next)) setOpen(false);
  };
  const onPanelClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest("a")) setOpen(false);
  };

  return (
    <div ref={rootRef} className={className ? `cca-dropdown ${className}` : "cca-dropdown"} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      {open ? (
        <div id={panelId} className={`cca-dropdown__panel cca-dropdown__panel--${align}${panelClassName ? ` ${panelClassName}` : ""}`} onClick={onPanelClick}>
          {children}
        </div>
      ) : null}
    </div>
  );
}
