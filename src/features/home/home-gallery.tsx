import useTranslation from "@/lib/i18n/use-translation";
import NextLink from "next/link";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import SITE_CONFIG from "@site-config";
import type { GallerySlide } from "@/contracts/home";
import { isAbsoluteUrl } from "@/components/ui/app-link";
import { fileCropUrl } from "@/shared/files";

const SLIDE_WIDTH = 1600;

/** A "read more" link: a same-site path through next/link, anything else a plain anchor. */
export function SlideLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  return isAbsoluteUrl(href) ? (
    <a href={href} className={className}>
      {children}
    </a>
  ) : (
    <NextLink href={href} className={className} prefetch={false}>
      {children}
    </NextLink>
  );
}

/** `customDescripition` is sanitised HTML (when stored and again by the server render). */
export function SlideText({ slide, readMore }: { slide: GallerySlide; readMore: string }) {
  return (
    <>
      {slide.title && <h2 className="cca-home-heading cca-slide__title">{slide.title}</h2>}
      {slide.customDescripition && <div className="cca-slide__text" dangerouslySetInnerHTML={{ __html: slide.customDescripition }} />}
      {slide.moreLinks && (
        <SlideLink href={slide.moreLinks} className={slide.readMoreUIType === "link" ? "cca-home-link" : "cca-slide__button"}>
          {slide.readMoreText || readMore}
          <span className="cca-home-sr-only">{slide.title ? `: ${slide.title}` : ""}</span>
          {slide.readMoreUIType !== "link" && <span aria-hidden="true"> →</span>}
        </SlideLink>
      )}
    </>
  );
}

/**
 * The main gallery: one slide at a time, autoplay that stops while the pointer or the focus is inside
 * and for good with the pause control (and never starts for people who ask for reduced motion);
 * previous / next and one indicator per slide.
 */
export function HomeGallery({ slides, label }: { slides: GallerySlide[]; label: string }) {
  const { t } = useTranslation("home");
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const count = slides.length;
  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  useEffect(() => {
    if (paused || held || count < 2) return;
    // People who ask for reduced motion change slides themselves.
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setTimeout(() => go(index + 1), SITE_CONFIG.HOME.SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [paused, held, count, index, go]);

  if (count === 0) return null;
  return (
    <section
      className="cca-gallery"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="cca-gallery__viewport" aria-live={paused || held ? "polite" : "off"}>
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            className={`cca-slide cca-slide--${slide.gallerySidebar}`}
            role="group"
            aria-roledescription="slide"
            aria-label={t("home:gallery.slide", { index: i + 1, total: count })}
            hidden={i !== index}
            style={slide.bgColor ? { background: slide.bgColor, color: slide.color ?? undefined } : undefined}
          >
            {slide.fileName && (
              // eslint-disable-next-line @next/next/no-img-element -- a crop of the files service, already sized
              <img className="cca-slide__image" src={fileCropUrl("homePage", slide.fileName, { w: SLIDE_WIDTH })} alt="" loading={i === 0 ? "eager" : "lazy"} />
            )}
            <div className="cca-slide__panel">
              <SlideText slide={slide} readMore={t("home:featured.read_more")} />
            </div>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="cca-gallery__controls">
          <button type="button" className="cca-gallery__button" onClick={() => setPaused((p) => !p)}>
            {paused ? t("home:gallery.play") : t("home:gallery.pause")}
          </button>
          <button type="button" className="cca-gallery__button" onClick={() => go(index - 1)} aria-label={t("home:gallery.previous")}>
            <span aria-hidden="true">‹</span>
          </button>
          <ul className="cca-gallery__dots" aria-label={label}>
            {slides.map((slide, i) => (
              <li key={slide.id}>
                <button
                  type="button"
                  className="cca-gallery__dot"
                  aria-label={t("home:gallery.slide", { index: i + 1, total: count })}
                  aria-current={i === index ? "true" : undefined}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ul>
          <button type="button" className="cca-gallery__button" onClick={() => go(index + 1)} aria-label={t("home:gallery.next")}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
