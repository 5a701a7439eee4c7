import mitt from "mitt";
import SITE_CONFIG from "@site-config";

/** Settles a pending `waitForAuth()`; carried by `authwall_init`. */
export interface AuthWallRequest {
  resolve: () => void;
  reject: (reason: { message: null }) => void;
}

/** The app-wide events (spec §4). Payloads are typed per event. */
export type AppEvents = {
  authwall_init: AuthWallRequest;
  authwall_success: { userId: number };
  authwall_failed: undefined;
  template_deleted: { shortName: string };
  /** A record's labels changed: what restricts it may have too (its restrictions panel reloads). */
  record_labels_changed: { recordId: number };
  /** The submission queue changed (src/features/offline): its lists and counters read it again. */
  outbox_changed: undefined;
};

export const EVENTS = SITE_CONFIG.EVENTS;

/** One bus for the whole browser session. */
export const bus = mitt<AppEvents>();
