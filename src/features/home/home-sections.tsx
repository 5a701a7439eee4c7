import NextLink from "next/link";
import useTranslation from "@/lib/i18n/use-translation";
import type { MiniGallery } from "@/contracts/home";
import { fileCropUrl } from "@/shared/files";
import { groupHref } from "@/lib/group-link";
import { HomeGallery, SlideLink, SlideText } from "./home-gallery";
import type { FeaturedRecord, HomeConfigView, HomeStats } from "./home-types";
import { numberFormat } from "@/shared/format/intl";

const CARD_IMAGE_WIDTH = 640;

/** A mini gallery: one card per row (image or text card), a grid of `slidesPerView`, or a compact list (`isVertical`). */
function MiniGallerySection({ gallery, readMore }: { gallery: MiniGallery; readMore: string }) {
  if (gallery.gallerySlider.length === 0) return null;
  const headingId = `mini-gallery-${gallery.id}`;
  const variant = gallery.isVertical ? "compact" : gallery.slidesPerView > 1 ? "grid" : "wide";
  return (
    <section aria-labelledby={gallery.title ? headingId : undefined} className="cca-mini">
      {gallery.title && (
        <h2 id={headingId} className="cca-home-heading cca-home-h2 cca-home-h2--spaced">
          {gallery.title}
        </h2>
      )}
      <ul className={`cca-mini__list cca-mini__list--${variant}`} style={variant === "grid" ? { ["--cca-mini-columns" as string]: String(gallery.slidesPerView) } : undefined}>
        {gallery.gallerySlider.map((slide) => (
          <li
            key={slide.id}
            className={`cca-mini__card${slide.fileName ? "" : " cca-mini__card--text"}`}
            style={slide.bgColor ? { background: slide.bgColor, color: slide.color ?? undefined } : undefined}
          >
            {slide.fileName && (
              // eslint-disable-next-line @next/next/no-img-element -- a crop of the files service, already sized
              <img className="cca-mini__image" src={fileCropUrl("homePage", slide.fileName, { w: CARD_IMAGE_WIDTH })} alt="" loading="lazy" />
            )}
            <div className="cca-mini__body">
              <SlideText slide={slide} readMore={readMore} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The statistics panel: numbers rendered on the server (no chart code on the home). */
function StatsPanel({ stats, prefix }: { stats: HomeStats; prefix: string }) {
  const { t, lang } = useTranslation("home");
  const format = numberFormat(lang, { maximumFractionDigits: 0 });
  return (
    <section aria-labelledby="home-stats" className="cca-stats">
      <div className="cca-home-section-head">
        <h2 id="home-stats" className="cca-home-heading cca-home-h2">
          {t("home:stats.title")}
        </h2>
        <SlideLink href={groupHref(prefix, "/chart")} className="cca-home-link cca-home-link--teal">
          {t("home:stats.more")}
        </SlideLink>
      </div>
      <dl className="cca-stats__list">
        <div className="cca-stats__item">
          <dt>{t("home:stats.ccas")}</dt>
          <dd data-testid="stats-total">{format.format(stats.total)}</dd>
        </div>
        <div className="cca-stats__item">
          <dt>{t("home:stats.area")}</dt>
          <dd data-testid="stats-area">{t("home:stats.hectares", { value: format.format(stats.area) })}</dd>
        </div>
      </dl>
      {stats.total === 0 && (
        <p>
          <SlideLink href={groupHref(prefix, "/participate/list")} className="cca-home-link cca-home-link--teal">
            {t("home:stats.participate")}
          </SlideLink>
        </p>
      )}
    </section>
  );
}

/** What a home's configuration adds: the gallery first (full width), then description, statistics and mini galleries. */
export function HomeGallerySection({ config }: { config: HomeConfigView }) {
  const { t } = useTranslation("home");
  return <HomeGallery slides={config.slides} label={t("home:gallery.label")} />;
}

export function HomeConfigSections({ config, stats, prefix }: { config: HomeConfigView; stats: HomeStats | null; prefix: string }) {
  const { t } = useTranslation("home");
  return (
    <>
      {config.description && <p className="cca-home-description">{config.description}</p>}
      {stats && <StatsPanel stats={stats} prefix={prefix} />}
      {config.miniGalleries.map((g) => (
        <MiniGallerySection key={g.id} gallery={g} readMore={t("home:featured.read_more")} />
      ))}
    </>
  );
}

export function FeaturedRecords({ records, prefix }: { records: FeaturedRecord[]; prefix: string }) {
  const { t } = useTranslation("home");
  if (records.length === 0) return null;
  return (
    <section aria-labelledby="home-records">
      <div className="cca-home-section-head">
        <h2 id="home-records" className="cca-home-heading cca-home-h2">
          {t("home:records.title")}
        </h2>
        <SlideLink href={groupHref(prefix, "/data/list")} className="cca-home-link cca-home-link--teal">
          {t("home:records.see_all")}
        </SlideLink>
      </div>
      <ul className="cca-dl-cards">
        {records.map((item) => (
          <li key={item.id} className="cca-dl-card">
            {/* eslint-disable-next-line @next/next/no-img-element -- a crop of the files service, already sized */}
            {item.image ? <img className="cca-dl-thumb" src={item.image} alt="" width={72} height={72} loading="lazy" decoding="async" /> : null}
            <div className="cca-dl-card-body">
              <NextLink href={groupHref(prefix, `/data/show/${item.id}`)} className="cca-dl-card-title" prefetch={false}>
                {item.title ?? t("home:records.untitled")}
              </NextLink>
              {item.lines.map((l) => (
                <p key={l.name} className="cca-dl-card-line">
                  <b>{l.name}:</b> {l.text}
                </p>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
