import useTranslation from "@/lib/i18n/use-translation";
import { useCallback, useEffect, useState, type KeyboardEvent } from "react";
import SITE_CONFIG from "@site-config";
import type { PageGalleryItem } from "@/contracts/page";
import { fileCropUrl } from "@/shared/files";
import { licenseNameKey } from "@/shared/licenses";
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from "./page-icons";

const AUTOPLAY_MS = 6000;
const { WIDTH, HEIGHT } = SITE_CONFIG.THUMBNAILS.PAGE_BANNER;

type Translate = (key: string, query?: Record<string, unknown>) => string;

/**
 * "{caption} by {attribution} · {licence}" (one licence label, not wrapped in another pair of brackets;
 * none for an unspecified licence); the caption alone without an attribution; null without a caption.
 */
export function slideCaption(t: Translate, item: Pick<PageGalleryItem, "caption" | "attribution" | "licenseId">): string | null {
  const caption = item.caption?.trim();
  const attribution = item.attribution?.trim();
  if (!caption && !attribution) return null;
  if (!attribution) return caption!;
  const licenseKey = item.licenseId === SITE_CONFIG.LICENSES.UNSPECIFIED ? null : licenseNameKey(item.licenseId);
  const values = { caption: caption || "", attribution };
  return licenseKey ? t("page:slider.caption", { ...values, license: t(licenseKey) }) : t("page:slider.caption_no_license", values);
}

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(true);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}

interface BannerProps {
  title: string;
  description: string | null;
  gallery: PageGalleryItem[];
}

/**
 * The page cover: title and description over the gallery (1440×300 crops). Several images become a
 * slideshow with previous/next buttons, one indicator per image, the arrow keys, and autoplay that
 * stops while the pointer or focus is inside, when paused, and under prefers-reduced-motion.
 */
export function PageBanner({ title, description, gallery }: BannerProps) {
  const { t } = useTranslation("page");
  const slides = [...gallery].sort((a, b) => a.displayOrder - b.displayOrder);
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const autoplay = count > 1 && !paused && !reducedMotion;
  const running = autoplay && !hovered && !focused;

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [running, count]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowLeft") go(index - 1);
    else if (e.key === "ArrowRight") go(index + 1);
    else return;
    e.preventDefault();
  };

  const current = slides[Math.min(index, count - 1)];
  const caption = current ? slideCaption(t, current) : null;

  // Plain elements and class names (page-styles.ts): the banner is rendered for every visitor.
  return (
    <header className={count > 0 ? "cca-ps-banner cca-ps-banner--gallery" : "cca-ps-banner"}>
      {count > 0 && (
        <div
          role="region"
          aria-roledescription="carousel"
          aria-label={t("page:slider.label")}
          className="cca-ps-fill"
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
          }}
          onKeyDown={onKeyDown}
        >
          <div aria-live={running ? "off" : "polite"} className="cca-ps-fill">
            {slides.map((slide, i) => (
              <div
                key={slide.id}
                role="group"
                aria-roledescription="slide"
                aria-label={t("page:slider.slide", { n: i + 1, count })}
                aria-hidden={i === index ? undefined : true}
                className={`cca-ps-slide${i === index ? " cca-ps-slide--current" : ""}${reducedMotion ? "" : " cca-ps-slide--animated"}`}
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- a crop of the files service, already sized */}
                <img src={fileCropUrl("pages", slide.fileName, { w: WIDTH, h: HEIGHT })} alt={slide.caption ?? ""} loading={i === 0 ? "eager" : "lazy"} />
              </div>
            ))}
          </div>
          {/* Keeps the title and caption readable over any picture. */}
          <div className="cca-ps-shade" />
          {count > 1 && (
            <div className="cca-ps-controls">
              <button type="button" className="cca-ps-icon-btn cca-ps-icon-btn--subtle" aria-label={t("page:slider.previous")} onClick={() => go(index - 1)}>
                <ChevronLeftIcon />
              </button>
              <ul className="cca-ps-dots">
                {slides.map((slide, i) => (
                  <li key={slide.id}>
                    <button
                      type="button"
                      className="cca-ps-dot"
                      aria-label={t("page:slider.go_to", { n: i + 1, count })}
                      aria-current={i === index ? "true" : undefined}
                      onClick={() => go(i)}
                    >
                      <span />
                    </button>
                  </li>
                ))}
              </ul>
              <button type="button" className="cca-ps-icon-btn cca-ps-icon-btn--subtle" aria-label={t("page:slider.next")} onClick={() => go(index + 1)}>
                <ChevronRightIcon />
              </button>
              {!reducedMotion && (
                <button
                  type="button"
                  className="cca-ps-icon-btn cca-ps-icon-btn--subtle"
                  aria-label={paused ? t("page:slider.play") : t("page:slider.pause")}
                  onClick={() => setPaused((p) => !p)}
                >
                  {paused ? <PlayIcon /> : <PauseIcon />}
                </button>
              )}
            </div>
          )}
        </div>
      )}
      <div className={count > 1 ? "cca-ps-container cca-ps-cover cca-ps-cover--slides" : "cca-ps-container cca-ps-cover"}>
        <h1 className="cca-ps-heading cca-ps-title">{title}</h1>
        {description && <p className="cca-ps-lead">{description}</p>}
        {caption && (
          <p className="cca-ps-caption" data-testid="slide-caption">
            {caption}
          </p>
        )}
      </div>
    </header>
  );
}
