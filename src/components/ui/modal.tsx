import dynamic from "next/dynamic";
import { useState, type ReactNode } from "react";
import { LazyFailure } from "./lazy-fallback";

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** "alertdialog" for confirmations. */
  role?: "dialog" | "alertdialog";
  footer?: ReactNode;
  children?: ReactNode;
  /**
   * Forms keep their dialog open on a stray click outside (only Escape or the close button dismiss
   * it), so nothing typed is lost. Confirmations may close on an outside click.
   */
  closeOnOutsideClick?: boolean;
}

// The dialog machinery (focus trap, dismissal, scroll lock) loads when a dialog first opens, not
// with every page that could open one. Dialogs render in a portal, never on the server.
const ModalDialog = dynamic(() => import("./modal-dialog"), { ssr: false, loading: LazyFailure });

/** The one dialog frame: centred, full screen on small phones, a translated close button. */
export function Modal(props: ModalProps) {
  // Once opened it stays mounted, so closing animates and returns focus like any dialog.
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  return used ? <ModalDialog {...props} /> : null;
}
