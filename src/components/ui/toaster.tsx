import { useSyncExternalStore } from "react";
import SITE_CONFIG from "@site-config";

const { TOAST } = SITE_CONFIG.UI;

type ToastKind = "success" | "error" | "info" | "warning";
type ToastOptions = { id: string; type: ToastKind; title: string; description?: string; duration: number; closable: true };
type HostModule = typeof import("./toaster-host");

// The toast store and host (Chakra's toaster and its state machine) load on the first toast, so
// pages that never show one do not download them. Toasts asked for meanwhile wait in `pending`.
let host: HostModule | null = null;
let loading: Promise<HostModule> | null = null;
let pending: ToastOptions[] = [];
let lastId = 0;
const listeners = new Set<() => void>();

/** Loads the toast host (once); resolves when toasts can show. Tests await it before using fake timers. */
export function loadToaster(): Promise<HostModule> {
  loading ??= import("./toaster-host").then((module) => {
    host = module;
    const queued = pending;
    pending = [];
    queued.forEach((options) => module.toaster.create(options));
    listeners.forEach((listener) => listener());
    return module;
  });
  return loading;
}

function show(type: ToastKind, duration: number) {
  return (title: string, description?: string): string => {
    const options: ToastOptions = { id: `toast:${++lastId}`, type, title, description, duration, closable: true };
    if (host) return host.toaster.create(options);
    pending.push(options);
    void loadToaster();
    return options.id;
  };
}

/** The one toast API: errors stay 10 s, everything else 3 s (spec §8). Returns the toast id. */
export const notify = {
  success: show("success", TOAST.DEFAULT_MS),
  info: show("info", TOAST.DEFAULT_MS),
  warning: show("warning", TOAST.DEFAULT_MS),
  error: show("error", TOAST.ERROR_MS),
  dismiss: (id?: string) => {
    if (host) host.toaster.dismiss(id);
    else pending = id === undefined ? [] : pending.filter((toast) => toast.id !== id);
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const loadedHost = () => host;
const noHost = () => null;

/** Host for `notify` toasts: render once, inside UiProvider and the i18n provider. Renders nothing until the first toast. */
export function Toaster() {
  const loaded = useSyncExternalStore(subscribe, loadedHost, noHost);
  if (!loaded) return null;
  const { ToasterHost } = loaded;
  return <ToasterHost />;
}
