import Head from "next/head";
import useTranslation from "@/lib/i18n/use-translation";
import { useState, type FormEvent } from "react";
import { Button } from "@chakra-ui/react";
import SITE_CONFIG from "@site-config";
import type { Announcement } from "@/contracts/announcement";
import { contrastRatio, isHexColour, MIN_CONTRAST } from "@/contracts/home";
import { notify } from "@/components/ui/toaster";
import { createAnnouncement, editAnnouncement, fetchAllAnnouncements, removeAnnouncement, type AnnouncementInput } from "@/lib/api/announcements";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { apiErrorMessage } from "@/lib/api/error-message";
import type { AnnouncementsProps } from "./admin.ssr";

const LANGUAGES = SITE_CONFIG.LANG.LIST;
const EMPTY: AnnouncementInput = { enabled: true, color: "#ffffff", bgColor: "#1d4044", translations: {} };

/** `/admin/announcements`: create, edit, switch off and remove the banners; the colours' contrast is checked as you type. */
export function AnnouncementsScreen({ announcements: initial }: AnnouncementsProps) {
  const { t } = useTranslation("admin");
  const [list, setList] = useState(initial ?? []);
  const [editing, setEditing] = useState<number | null>(null);
  const [value, setValue] = useState<AnnouncementInput>(EMPTY);
  const [busy, setBusy] = useState(false);
  const ratio = isHexColour(value.color) && isHexColour(value.bgColor) ? contrastRatio(value.color, value.bgColor) : null;

  const reload = async () => setList(await fetchAllAnnouncements(await loadBrowserClient()));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const client = await loadBrowserClient();
      if (editing === null) await createAnnouncement(client, value);
      else await editAnnouncement(client, editing, value);
      notify.success(t("admin:announcement.created"));
      setEditing(null);
      setValue(EMPTY);
      await reload();
    } catch (error) {
      notify.error(t("admin:announcement.create_failure"), apiErrorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (a: Announcement) => {
    if (!window.confirm(t("admin:announcement.confirm_remove"))) return;
    try {
      await removeAnnouncement(await loadBrowserClient(), a.id);
      notify.success(t("admin:announcement.deleted"));
      await reload();
    } catch (error) {
      notify.error(t("admin:announcement.delete_failure"), apiErrorMessage(t, error));
    }
  };

  return (
    <>
      <Head>
        <title>{t("admin:announcement.title")}</title>
      </Head>
      <div className="cca-home-container cca-home-body">
        <div className="cca-home-stack">
          <h1 className="cca-home-heading cca-home-h2">{t("admin:announcement.title")}</h1>
          {initial === null && <p role="alert">{t("admin:announcement.load_failure")}</p>}
          {list.length === 0 ? (
            <p>{t("admin:announcement.empty")}</p>
          ) : (
            <ul className="cca-admin-slides">
              {list.map((a) => (
                <li key={a.id} className="cca-admin-slide" style={{ cursor: "default" }}>
                  <span style={{ background: a.bgColor, color: a.color, padding: "0.25rem 0.5rem", borderRadius: "0.25rem" }} dangerouslySetInnerHTML={{ __html: a.description }} />
                  <span className="cca-admin-actions">
                    {!a.enabled && <small>{t("admin:announcement.disabled")}</small>}
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => {
                        setEditing(a.id);
                        setValue({ enabled: a.enabled, color: a.color, bgColor: a.bgColor, translations: { ...a.translations } });
                      }}
                    >
                      {t("admin:gallery.edit")}
                    </Button>
                    <Button size="sm" variant="outline" colorPalette="red" onClick={() => void remove(a)}>
                      {t("admin:gallery.remove")}
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          )}
          <form onSubmit={submit} className="cca-home-card cca-admin-form" aria-labelledby="announcement-form">
            <h2 id="announcement-form" className="cca-home-heading">
              {editing === null ? t("admin:announcement.create") : t("admin:announcement.edit")}
            </h2>
            {LANGUAGES.map((l) => (
              <label key={l.id}>
                {t("admin:announcement.text_in", { language: l.name })}
                <textarea lang={l.code} rows={2} value={value.translations[String(l.id)] ?? ""} onChange={(e) => setValue((v) => ({ ...v, translations: { ...v.translations, [String(l.id)]: e.target.value } }))} />
              </label>
            ))}
            <label>
              {t("admin:announcement.text_color")}
              <input type="text" value={value.color} onChange={(e) => setValue((v) => ({ ...v, color: e.target.value }))} />
            </label>
            <label>
              {t("admin:announcement.bg_color")}
              <input type="text" value={value.bgColor} onChange={(e) => setValue((v) => ({ ...v, bgColor: e.target.value }))} />
            </label>
            <p role="status">
              {ratio === null
                ? t("admin:errors.color")
                : ratio < MIN_CONTRAST
                  ? t("admin:errors.contrast")
                  : t("admin:announcement.contrast_ok", { ratio: ratio.toFixed(1) })}
            </p>
            <label className="cca-admin-check">
              <input type="checkbox" checked={value.enabled} onChange={(e) => setValue((v) => ({ ...v, enabled: e.target.checked }))} />
              {t("admin:announcement.enabled")}
            </label>
            <div className="cca-admin-actions">
              <Button type="submit" colorPalette="teal" loading={busy}>
                {t("admin:announcement.save")}
              </Button>
              {editing !== null && (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => {
                    setEditing(null);
                    setValue(EMPTY);
                  }}
                >
                  {t("admin:gallery.cancel")}
                </Button>
              )}
            </div>
          </form>
        </div>
      </div>
    </>
  );
}
