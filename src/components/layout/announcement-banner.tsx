import useTranslation from "@/lib/i18n/use-translation";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import SITE_CONFIG from "@site-config";
import type { AnnouncementView } from "../../contracts/layout";

const STORAGE_KEY = "cca.announcements.dismissed";
const CHANGED = "cca-announcements-dismissed";

function readDismissed(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEY) ?? "";
  } catch {
    return "";
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

function dismiss(id: number): void {
  const ids = new Set(readDismissed().split(",").filter(Boolean));
  ids.add(String(id));
  try {
    window.localStorage.setItem(STORAGE_KEY, [...ids].slice(-50).join(","));
  } catch {
    // Private mode without storage: dismissed for this page only.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/**
 * The active announcements under the header: one at a time, the next every 5 s (held while the
 * pointer or the focus is inside, stopped with the pause control), each dismissible; dismissals are
 * remembered in this browser.
 */
export function AnnouncementBanner({ items }: { items: AnnouncementView[] }) {
  const { t } = useTranslation("header");
  const dismissed = useSyncExternalStore(subscribe, readDismissed, () => "");
  const hidden = new Set(dismissed.split(",").filter(Boolean));
  const shown = items.filter((a) => !hidden.has(String(a.id)));
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const count = shown.length;
  const current = count > 0 ? shown[index % count]! : null;
  const next = useCallback(() => setIndex((i) => i + 1), []);

  useEffect(() => {
    if (paused || held || count < 2) return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setTimeout(next, SITE_CONFIG.HOME.ANNOUNCEMENT_MS);
    return () => window.clearTimeout(timer);
  }, [paused, held, count, index, next]);

  if (!current) return null;
  return (
    <section
      className="cca-announcement"
      aria-label={t("header:announcement.label")}
      style={{ background: current.bgColor, color: current.color }}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="cca-announcement__text" dangerouslySetInnerHTML={{ __html: current.html }} />
      <div className="cca-announcement__controls">
        {count > 1 && (
          <>
            <span className="cca-announcement__position">{t("header:announcement.position", { index: (index % count) + 1, total: count })}</span>
            <button type="button" className="cca-announcement__button" onClick={() => setPaused((p) => !p)}>
              {paused ? t("header:announcement.play") : t("header:announcement.pause")}
            </button>
            <button type="button" className="cca-announcement__button" onClick={next} aria-label={t("header:announcement.next")}>
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
        <button type="button" className="cca-announcement__button" onClick={() => dismiss(current.id)} aria-label={t("header:announcement.dismiss")}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </section>
  );
}
