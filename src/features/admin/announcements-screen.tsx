import Head from "next/head";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useState, type FormEvent } from "react";
import { Button, HStack } from "@chakra-ui/react";
import SITE_CONFIG from "@site-config";
import type { Announcement } from "@/contracts/announcement";
import { contrastRatio, isHexColour, MIN_CONTRAST } from "@/contracts/home";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toaster";
import { createAnnouncement, editAnnouncement, fetchAllAnnouncements, removeAnnouncement, type AnnouncementInput } from "@/lib/api/announcements";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { apiErrorMessage, translateMessage } from "@/lib/api/error-message";
import type { AnnouncementsProps } from "./admin.ssr";
import { firstContractError } from "./contract-check";

const LANGUAGES = SITE_CONFIG.LANG.LIST;
const EMPTY: AnnouncementInput = { enabled: true, color: "#ffffff", bgColor: "#1d4044", translations: {} };

/** What a colour picker can show for a typed value: `#abc` → `#aabbcc`, anything not a hex colour → black. */
export function pickerValue(value: string): string {
  const hex = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(hex)) return hex;
  if (/^#[0-9a-f]{3}$/.test(hex)) return `#${[...hex.slice(1)].map((c) => c + c).join("")}`;
  return "#000000";
}

/**
 * A colour as a picker (the browser's own, keyboard accessible) beside its hex code, which stays
 * typed and readable by a screen reader; both change the one value.
 */
function ColourField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation("admin");
  const id = useId();
  return (
    <fieldset className="cca-admin-colour">
      <legend>{label}</legend>
      <HStack gap={2} align="center">
        <input
          type="color"
          aria-label={t("admin:announcement.colour_picker", { name: label })}
          value={pickerValue(value)}
          onChange={(e) => onChange(e.target.value)}
          style={{ width: "3rem", height: "2.25rem", padding: 0, border: "1px solid var(--chakra-colors-gray-300)", borderRadius: "0.25rem" }}
        />
        <label htmlFor={id}>{t("admin:announcement.colour_hex")}</label>
        <input id={id} type="text" value={value} spellCheck={false} autoComplete="off" onChange={(e) => onChange(e.target.value)} style={{ maxWidth: "8rem" }} />
      </HStack>
    </fieldset>
  );
}

/** `/admin/announcements`: create, edit, switch off and remove the banners; the colours' contrast is checked as you type. */
export function AnnouncementsScreen({ announcements: initial }: AnnouncementsProps) {
  const { t } = useTranslation("admin");
  const [list, setList] = useState(initial ?? []);
  const [editing, setEditing] = useState<number | null>(null);
  const [value, setValue] = useState<AnnouncementInput>(EMPTY);
  const [busy, setBusy] = useState(false);
  /** The announcement whose removal waits for the administrator's word (the app's dialog, loaded on use). */
  const [removing, setRemoving] = useState<Announcement | null>(null);
  const ratio = isHexColour(value.color) && isHexColour(value.bgColor) ? contrastRatio(value.color, value.bgColor) : null;

  const reload = async () => setList(await fetchAllAnnouncements(await loadBrowserClient()));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      // The announcement contract the platform checks too (contracts/announcement.schema.ts).
      const { announcementSchema } = await import("@/contracts/announcement.schema");
      const problem = await firstContractError(announcementSchema(), value);
      if (problem) {
        notify.error(t("admin:announcement.create_failure"), translateMessage(t, problem));
        return;
      }
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
    setBusy(true);
    try {
      await removeAnnouncement(await loadBrowserClient(), a.id);
      notify.success(t("admin:announcement.deleted"));
      setRemoving(null);
      await reload();
    } catch (error) {
      notify.error(t("admin:announcement.delete_failure"), apiErrorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Head>
        <title>{t("admin:announcement.title")}</title>
      </Head>
      <div className="cca-home-container cca-home-body">
        <div className="cca-home-stack">
          <h1 className="cca-page-title">{t("admin:announcement.title")}</h1>
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
                    <Button size="sm" variant="outline" colorPalette="red" onClick={() => setRemoving(a)}>
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
            <ColourField label={t("admin:announcement.text_color")} value={value.color} onChange={(color) => setValue((v) => ({ ...v, color }))} />
            <ColourField label={t("admin:announcement.bg_color")} value={value.bgColor} onChange={(bgColor) => setValue((v) => ({ ...v, bgColor }))} />
            <p role="status" data-testid="contrast" style={ratio === null || ratio < MIN_CONTRAST ? { color: "var(--chakra-colors-red-700)", fontWeight: 600 } : undefined}>
              {ratio === null
                ? t("admin:errors.color")
                : ratio < MIN_CONTRAST
                  ? `${t("admin:errors.contrast")} (${t("admin:announcement.contrast_now", { ratio: ratio.toFixed(1) })})`
                  : t("admin:announcement.contrast_ok", { ratio: ratio.toFixed(1) })}
            </p>
            {ratio !== null && (
              <p aria-hidden="true" style={{ background: value.bgColor, color: value.color, padding: "0.25rem 0.5rem", borderRadius: "0.25rem" }}>
                {t("admin:announcement.preview")}
              </p>
            )}
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
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        role="alertdialog"
        closeOnOutsideClick
        title={t("admin:announcement.remove_title")}
        description={t("admin:announcement.confirm_remove")}
        footer={
          <HStack gap={3}>
            <Button variant="outline" onClick={() => setRemoving(null)}>
              {t("admin:gallery.cancel")}
            </Button>
            <Button colorPalette="red" loading={busy} onClick={() => removing && void remove(removing)}>
              {t("admin:gallery.remove")}
            </Button>
          </HStack>
        }
      />
    </>
  );
}
