import Head from "next/head";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@chakra-ui/react";
import SITE_CONFIG from "@site-config";
import type { GallerySlide, HomePageData, SlideInput } from "@/contracts/home";
import { notify } from "@/components/ui/toaster";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { apiErrorMessage, translateMessage } from "@/lib/api/error-message";
import { uploadResource } from "@/lib/api/files";
import { createMiniGallery, createSlide, editSlide, fetchHome, removeMiniGallery, removeSlide, reorderSlides, saveHomeSettings } from "@/lib/api/home";
import type { HomeGalleryProps } from "./admin.ssr";
import { firstContractError } from "./contract-check";

/** The home contracts the platform checks too (contracts/home.schema.ts), loaded when a form is sent. */
const homeContracts = () => import("@/contracts/home.schema");

const LANGUAGES = SITE_CONFIG.LANG.LIST;

interface SlideDraft {
  id: number | null;
  galleryId: number | null;
  fileName: string;
  moreLinks: string;
  isActive: boolean;
  texts: Record<number, { title: string; description: string; readMoreText: string }>;
}

const emptyTexts = () => Object.fromEntries(LANGUAGES.map((l) => [l.id, { title: "", description: "", readMoreText: "" }]));

function draftOf(slide: GallerySlide): SlideDraft {
  const texts = emptyTexts();
  for (const t of slide.translations ?? []) texts[t.languageId] = { title: t.title, description: t.description, readMoreText: t.readMoreText };
  return { id: slide.id, galleryId: slide.galleryId, fileName: slide.fileName ?? "", moreLinks: slide.moreLinks ?? "", isActive: slide.isActive, texts };
}

const englishTitle = (slide: GallerySlide) => slide.translations?.find((t) => t.languageId === SITE_CONFIG.LANG.DEFAULT_ID)?.title || slide.title || `#${slide.id}`;

/** The slide form: image (uploaded to the files service), link, texts per language, shown or hidden. */
function SlideForm({ draft, home, onSaved, onCancel, groupId }: { draft: SlideDraft; home: HomePageData; groupId: number | null; onSaved: (home: HomePageData) => void; onCancel: () => void }) {
  const { t } = useTranslation("admin");
  const id = useId();
  const [value, setValue] = useState(draft);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const setText = (languageId: number, key: "title" | "description" | "readMoreText", text: string) =>
    setValue((v) => ({ ...v, texts: { ...v.texts, [languageId]: { ...v.texts[languageId]!, [key]: text } } }));

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const uploaded = await uploadResource(await loadBrowserClient(), file, "homePage");
      setValue((v) => ({ ...v, fileName: uploaded.uri }));
    } catch (error) {
      notify.error(t("admin:gallery.failed"), apiErrorMessage(t, error));
    } finally {
      setUploading(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const input: SlideInput = {
      fileName: value.fileName || null,
      moreLinks: value.moreLinks || null,
      isActive: value.isActive,
      ...(value.galleryId !== null ? { galleryId: value.galleryId } : {}),
      translations: LANGUAGES.map((l) => ({ languageId: l.id, ...value.texts[l.id]! })).filter((x) => x.title || x.description || x.readMoreText),
    };
    try {
      const { slideSchema } = await homeContracts();
      const problem = await firstContractError(slideSchema({ mini: input.galleryId !== undefined }), input);
      if (problem) {
        notify.error(t("admin:gallery.failed"), translateMessage(t, problem));
        return;
      }
      const client = await loadBrowserClient();
      onSaved(value.id === null ? await createSlide(client, groupId, input) : await editSlide(client, groupId, value.id, input));
      notify.success(t("admin:gallery.saved"));
    } catch (error) {
      notify.error(t("admin:gallery.failed"), apiErrorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="cca-home-card cca-admin-form" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="cca-home-heading">
        {value.id === null ? t("admin:gallery.new_slide") : t("admin:gallery.editing")}
      </h2>
      {value.id === null && home.miniGallery.length > 0 && (
        <label>
          {t("admin:gallery.gallery")}
          <select value={value.galleryId ?? ""} onChange={(e) => setValue((v) => ({ ...v, galleryId: e.target.value ? Number(e.target.value) : null }))}>
            <option value="">{t("admin:gallery.main")}</option>
            {home.miniGallery.map((m) => (
              <option key={m.id} value={m.id}>
                {m.translations?.find((x) => x.languageId === SITE_CONFIG.LANG.DEFAULT_ID)?.title ?? m.title}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        {t("admin:gallery.image")} <small>({t("admin:gallery.image_help")})</small>
        <input type="file" accept="image/jpeg,image/png" onChange={(e) => void upload(e.target.files?.[0])} />
      </label>
      {uploading && <p role="status">{t("admin:gallery.uploading")}</p>}
      {value.fileName && <p className="cca-admin-file">{value.fileName}</p>}
      <label>
        {t("admin:gallery.link")} <small>({t("admin:gallery.link_help")})</small>
        <input type="text" value={value.moreLinks} onChange={(e) => setValue((v) => ({ ...v, moreLinks: e.target.value }))} />
      </label>
      {LANGUAGES.map((l) => (
        <fieldset key={l.id}>
          <legend>{t("admin:gallery.language", { language: l.name })}</legend>
          <label>
            {t("admin:gallery.slide_title")}
            <input type="text" lang={l.code} value={value.texts[l.id]!.title} onChange={(e) => setText(l.id, "title", e.target.value)} />
          </label>
          <label>
            {t("admin:gallery.description")}
            <textarea lang={l.code} rows={3} value={value.texts[l.id]!.description} onChange={(e) => setText(l.id, "description", e.target.value)} />
          </label>
          <label>
            {t("admin:gallery.read_more")}
            <input type="text" lang={l.code} value={value.texts[l.id]!.readMoreText} onChange={(e) => setText(l.id, "readMoreText", e.target.value)} />
          </label>
        </fieldset>
      ))}
      <label className="cca-admin-check">
        <input type="checkbox" checked={value.isActive} onChange={(e) => setValue((v) => ({ ...v, isActive: e.target.checked }))} />
        {t("admin:gallery.active")}
      </label>
      <div className="cca-admin-actions">
        <Button type="submit" colorPalette="teal" loading={busy} disabled={uploading}>
          {t("admin:gallery.save")}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t("admin:gallery.cancel")}
        </Button>
      </div>
    </form>
  );
}

/** One gallery's slides: reorder by drag or with the move buttons (saved at once), edit, remove after confirmation. */
function SlideList({
  slides,
  mini,
  groupId,
  onChanged,
  onEdit,
}: {
  slides: GallerySlide[];
  mini: boolean;
  groupId: number | null;
  onChanged: (home: HomePageData) => void;
  onEdit: (slide: GallerySlide) => void;
}) {
  const { t } = useTranslation("admin");
  const [dragged, setDragged] = useState<number | null>(null);
  const run = async (action: () => Promise<HomePageData>) => {
    try {
      onChanged(await action());
    } catch (error) {
      notify.error(t("admin:gallery.failed"), apiErrorMessage(t, error));
    }
  };
  const moveTo = (from: number, to: number) => {
    if (to < 0 || to >= slides.length || from === to) return;
    const order = [...slides];
    const [item] = order.splice(from, 1);
    order.splice(to, 0, item!);
    void run(async () => reorderSlides(await loadBrowserClient(), groupId, order.map((s, i) => ({ galleryId: s.id, displayOrder: i })), mini));
  };
  if (slides.length === 0) return <p>{t("admin:gallery.empty")}</p>;
  return (
    <ol className="cca-admin-slides">
      {slides.map((slide, i) => (
        <li
          key={slide.id}
          draggable
          onDragStart={() => setDragged(i)}
          onDragOver={(e) => e.preventDefault()}
          onDrop={() => {
            if (dragged !== null) moveTo(dragged, i);
            setDragged(null);
          }}
          className="cca-admin-slide"
        >
          <span className="cca-admin-slide__title">
            {englishTitle(slide)}
            {!slide.isActive && <small> ({t("admin:gallery.hidden")})</small>}
          </span>
          <span className="cca-admin-actions">
            <Button size="sm" variant="outline" onClick={() => moveTo(i, i - 1)} disabled={i === 0} aria-label={`${t("admin:gallery.move_up")}: ${englishTitle(slide)}`}>
              ↑
            </Button>
            <Button size="sm" variant="outline" onClick={() => moveTo(i, i + 1)} disabled={i === slides.length - 1} aria-label={`${t("admin:gallery.move_down")}: ${englishTitle(slide)}`}>
              ↓
            </Button>
            <Button size="sm" variant="outline" onClick={() => onEdit(slide)} aria-label={`${t("admin:gallery.edit")}: ${englishTitle(slide)}`}>
              {t("admin:gallery.edit")}
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              aria-label={`${t("admin:gallery.remove")}: ${englishTitle(slide)}`}
              onClick={() => {
                if (window.confirm(t("admin:gallery.confirm_remove"))) void run(async () => removeSlide(await loadBrowserClient(), groupId, slide.id, mini));
              }}
            >
              {t("admin:gallery.remove")}
            </Button>
          </span>
        </li>
      ))}
    </ol>
  );
}

function MiniGalleryForm({ groupId, onCreated }: { groupId: number | null; onCreated: () => void }) {
  const { t } = useTranslation("admin");
  const [titles, setTitles] = useState<Record<number, string>>({});
  const [columns, setColumns] = useState(3);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const input = { slidesPerView: columns, translations: LANGUAGES.map((l) => ({ languageId: l.id, title: titles[l.id] ?? "" })).filter((x) => x.title) };
      const problem = await firstContractError((await homeContracts()).miniGallerySchema, input);
      if (problem) {
        notify.error(t("admin:gallery.failed"), translateMessage(t, problem));
        return;
      }
      await createMiniGallery(await loadBrowserClient(), groupId, input);
      setTitles({});
      onCreated();
    } catch (error) {
      notify.error(t("admin:gallery.failed"), apiErrorMessage(t, error));
    }
  };
  return (
    <form onSubmit={submit} className="cca-admin-form">
      <h3 className="cca-home-heading">{t("admin:gallery.mini_new")}</h3>
      {LANGUAGES.map((l) => (
        <label key={l.id}>
          {t("admin:gallery.mini_name", { language: l.name })}
          <input type="text" lang={l.code} value={titles[l.id] ?? ""} onChange={(e) => setTitles((x) => ({ ...x, [l.id]: e.target.value }))} />
        </label>
      ))}
      <label>
        {t("admin:gallery.mini_columns")}
        <input type="number" min={1} max={6} value={columns} onChange={(e) => setColumns(Number(e.target.value))} />
      </label>
      <div>
        <Button type="submit" variant="outline">
          {t("admin:gallery.mini_create")}
        </Button>
      </div>
    </form>
  );
}

/** `/admin/homegallery` and a group's `/admin/homegallery`: the home's switches, main gallery and mini galleries, per language. */
export function HomeGalleryEditor({ groupId, home: initial }: HomeGalleryProps) {
  const { t } = useTranslation("admin");
  const [home, setHome] = useState(initial);
  const [draft, setDraft] = useState<SlideDraft | null>(null);
  const [settings, setSettings] = useState({ showGallery: initial.showGallery, showStats: initial.showStats, description: initial.description });
  const reload = async () => {
    setHome(await fetchHome(await loadBrowserClient(), groupId, SITE_CONFIG.LANG.DEFAULT_ID, true));
  };
  const saved = (next: HomePageData) => {
    setHome(next);
    setDraft(null);
  };
  const saveSettings = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const input = { ...settings, showDesc: true, showPartners: false };
      const problem = await firstContractError((await homeContracts()).homeSettingsSchema, input);
      if (problem) {
        notify.error(t("admin:gallery.failed"), translateMessage(t, problem));
        return;
      }
      setHome(await saveHomeSettings(await loadBrowserClient(), groupId, input));
      notify.success(t("admin:gallery.saved"));
    } catch (error) {
      notify.error(t("admin:gallery.failed"), apiErrorMessage(t, error));
    }
  };
  return (
    <>
      <Head>
        <title>{t("admin:gallery.title")}</title>
      </Head>
      <div className="cca-home-container cca-home-body">
        <div className="cca-home-stack">
          <h1 className="cca-page-title">{t("admin:gallery.title")}</h1>
          <form onSubmit={saveSettings} className="cca-home-card cca-admin-form" aria-labelledby="home-settings">
            <h2 id="home-settings" className="cca-home-heading">
              {t("admin:gallery.settings")}
            </h2>
            <label className="cca-admin-check">
              <input type="checkbox" checked={settings.showGallery} onChange={(e) => setSettings((s) => ({ ...s, showGallery: e.target.checked }))} />
              {t("admin:gallery.show_gallery")}
            </label>
            <label className="cca-admin-check">
              <input type="checkbox" checked={settings.showStats} onChange={(e) => setSettings((s) => ({ ...s, showStats: e.target.checked }))} />
              {t("admin:gallery.show_stats")}
            </label>
            <label>
              {t("admin:gallery.home_description")}
              <textarea rows={2} value={settings.description} onChange={(e) => setSettings((s) => ({ ...s, description: e.target.value }))} />
            </label>
            <div>
              <Button type="submit" variant="outline">
                {t("admin:gallery.save_settings")}
              </Button>
            </div>
          </form>

          <section aria-labelledby="main-gallery">
            <div className="cca-home-section-head">
              <h2 id="main-gallery" className="cca-home-heading cca-home-h2">
                {t("admin:gallery.main")}
              </h2>
              <Button colorPalette="teal" onClick={() => setDraft({ id: null, galleryId: null, fileName: "", moreLinks: "", isActive: true, texts: emptyTexts() })}>
                {t("admin:gallery.add")}
              </Button>
            </div>
            <p>{t("admin:gallery.reorder_help")}</p>
            <SlideList slides={home.gallerySlider} mini={false} groupId={groupId} onChanged={setHome} onEdit={(s) => setDraft(draftOf(s))} />
          </section>

          {draft && <SlideForm key={draft.id ?? "new"} draft={draft} home={home} groupId={groupId} onSaved={saved} onCancel={() => setDraft(null)} />}

          <section aria-labelledby="mini-galleries" className="cca-home-stack">
            <h2 id="mini-galleries" className="cca-home-heading cca-home-h2">
              {t("admin:gallery.mini_title")}
            </h2>
            {home.miniGallery.map((m) => (
              <section key={m.id} aria-label={m.title} className="cca-home-card">
                <div className="cca-home-section-head">
                  <h3 className="cca-home-heading">{m.translations?.find((x) => x.languageId === SITE_CONFIG.LANG.DEFAULT_ID)?.title ?? m.title}</h3>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    onClick={async () => {
                      if (!window.confirm(t("admin:gallery.confirm_remove_gallery"))) return;
                      try {
                        await removeMiniGallery(await loadBrowserClient(), groupId, m.id);
                        await reload();
                      } catch (error) {
                        notify.error(t("admin:gallery.failed"), apiErrorMessage(t, error));
                      }
                    }}
                  >
                    {t("admin:gallery.remove")}
                  </Button>
                </div>
                <SlideList slides={m.gallerySlider} mini groupId={groupId} onChanged={setHome} onEdit={(s) => setDraft(draftOf(s))} />
              </section>
            ))}
            <MiniGalleryForm groupId={groupId} onCreated={() => void reload()} />
          </section>
        </div>
      </div>
    </>
  );
}
