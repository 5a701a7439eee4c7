import { useCallback, useEffect, useState, type RefObject } from "react";

/**
 * A heavy drawing part — a map (MapLibre: ~290 kB of JavaScript evaluated at once, then WebGL) or a
 * chart (Chart.js) — starts on a phone only once the visitor has shown they are using the page: a
 * scroll, a touch, a key, or the part's own button. Until then the screen shows a drawing made on the
 * server, so a phone that only opens the page pays nothing for what it may never look at. A computer
 * with a mouse (a fine pointer that hovers) counts as in use from the start. Every later part on the
 * page starts as soon as it is in view.
 */
const INTENT_EVENTS = ["scroll", "wheel", "pointerdown", "pointermove", "touchstart", "keydown"] as const;

let intentShown = false;
const waiting = new Set<() => void>();

function onIntent() {
  if (intentShown) return;
  intentShown = true;
  for (const event of INTENT_EVENTS) window.removeEventListener(event, onIntent, { capture: true });
  for (const notify of waiting) notify();
  waiting.clear();
}

/** A mouse (or trackpad) is the main pointer: a computer, which can afford a map at once. */
const fineHoveringPointer = () => typeof window.matchMedia === "function" && window.matchMedia("(hover: hover) and (pointer: fine)").matches;

function whenIntent(notify: () => void): () => void {
  if (!intentShown && fineHoveringPointer()) intentShown = true;
  if (intentShown) {
    notify();
    return () => undefined;
  }
  if (waiting.size === 0) for (const event of INTENT_EVENTS) window.addEventListener(event, onIntent, { capture: true, passive: true });
  waiting.add(notify);
  return () => {
    waiting.delete(notify);
  };
}

/**
 * `started`: the part in `ref` should run: it is in view (or within `rootMargin` of it) and the visitor
 * has used the page, or `start()` was called (the preview's button).
 */
export function useStartOnIntent(ref: RefObject<HTMLElement | null>, rootMargin = "200px"): { started: boolean; start: () => void } {
  const [started, setStarted] = useState(false);
  const start = useCallback(() => setStarted(true), []);
  useEffect(() => {
    const el = ref.current;
    if (!el || started) return;
    let inView = typeof IntersectionObserver === "undefined";
    let intent = false;
    const check = () => {
      if (inView && intent) setStarted(true);
    };
    const stopWaiting = whenIntent(() => {
      intent = true;
      check();
    });
    if (typeof IntersectionObserver === "undefined") {
      check();
      return stopWaiting;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        inView = entries.some((e) => e.isIntersecting);
        check();
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      stopWaiting();
    };
  }, [ref, rootMargin, started]);
  return { started, start };
}

