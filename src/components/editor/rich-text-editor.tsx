import { Box, Button, HStack, Text } from "@chakra-ui/react";
import { Field } from "@/components/ui/chakra/field";
import { Input } from "@/components/ui/chakra/input";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { notify } from "@/components/ui/toaster";
import { isHttpAddress, isSitePath } from "@/contracts/redirect-target";
import { fileRawUrl } from "@/shared/files";
import { IMAGE_UPLOAD, PAGE_VIDEO_UPLOAD } from "@/lib/media/upload-rules";
import {
  BulletListIcon,
  ColumnIcon,
  ColumnRemoveIcon,
  ImageIcon,
  LinkIcon,
  OrderedListIcon,
  QuoteIcon,
  RedoIcon,
  RowIcon,
  RowRemoveIcon,
  TableIcon,
  TableRemoveIcon,
  UndoIcon,
  VideoIcon,
} from "./editor-icons";
import { EDITOR_HEADING_LEVELS, pageEditorExtensions } from "./editor-extensions";
import { uploadErrorMessage, uploadPageFile, type PageUploadKind } from "./page-upload";
import { UploadProgress } from "./upload-progress";

export interface RichTextEditorProps {
  /** Initial HTML (later changes come from the editor itself). */
  value: string;
  /** The HTML, or "" when the editor holds nothing a reader would see. */
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** Id of the visible label of the content field. */
  labelId: string;
  /** Ids of help and error texts. */
  describedBy?: string;
  invalid?: boolean;
  /** Told when an upload starts (true) and ends (false), so the form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
}

/** Typography inside the editing area, close to the page show screen. */
const contentCss = {
  "& .tiptap": { minHeight: "24rem", padding: 4, outline: "none", lineHeight: "tall" },
  "& .tiptap:focus-visible": { boxShadow: "inset 0 0 0 2px var(--chakra-colors-teal-500)" },
  "& .tiptap h2": { fontSize: "2xl", fontWeight: "bold", mt: 6, mb: 3 },
  "& .tiptap h3": { fontSize: "xl", fontWeight: "semibold", mt: 5, mb: 2 },
  "& .tiptap h4": { fontSize: "lg", fontWeight: "semibold", mt: 4, mb: 2 },
  "& .tiptap p": { mb: 3 },
  "& .tiptap ul, & .tiptap ol": { pl: 6, mb: 3 },
  "& .tiptap ul": { listStyleType: "disc" },
  "& .tiptap ol": { listStyleType: "decimal" },
  "& .tiptap a": { color: "teal.700", textDecoration: "underline" },
  "& .tiptap blockquote": { borderLeftWidth: "4px", borderColor: "teal.300", pl: 4, color: "gray.700", my: 3 },
  "& .tiptap img, & .tiptap video": { maxW: "100%", height: "auto", my: 3 },
  "& .tiptap iframe": { maxW: "100%", width: "100%", aspectRatio: "16 / 9", height: "auto" },
  "& .tiptap .ProseMirror-selectednode": { outline: "3px solid var(--chakra-colors-teal-400)" },
  "& .tiptap table": { borderCollapse: "collapse", width: "100%", my: 3, fontSize: "sm" },
  "& .tiptap th, & .tiptap td": { borderWidth: "1px", borderColor: "gray.300", px: 2, py: 1, verticalAlign: "top", position: "relative" },
  "& .tiptap th": { bg: "gray.100", fontWeight: "semibold" },
  "& .tiptap .selectedCell": { bg: "teal.50" },
} as const;

type ToolButtonProps = {
  /** What the button does ("Heading 2", "Bold"): its tooltip, and its name for assistive technology. */
  label: string;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
} & ({ icon: ReactNode; text?: never } | { text: string; textStyle?: "bold" | "italic"; icon?: never });

/**
 * One convention for every toolbar button (WCAG 2.5.3, label in name): an icon-only button is named by
 * its label; a button that shows text ("H2", "B") is named by that text first, then its label
 * ("H2 Heading 2"), so a speech-input user can say what they see. The label is the tooltip of both.
 */
function ToolButton(props: ToolButtonProps) {
  const { label, onClick, active, disabled } = props;
  const name = props.text === undefined ? label : `${props.text} ${label}`;
  return (
    <Button
      type="button"
      size="xs"
      variant={active ? "solid" : "ghost"}
      colorPalette={active ? "teal" : "gray"}
      aria-label={name}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onClick={onClick}
      minW="8"
      fontWeight="semibold"
    >
      {props.text === undefined ? (
        props.icon
      ) : (
        <Box as="span" fontWeight={props.textStyle === "bold" ? "extrabold" : undefined} fontStyle={props.textStyle === "italic" ? "italic" : undefined}>
          {props.text}
        </Box>
      )}
    </Button>
  );
}

/** A link in page content: a path of this site (the redirect rule), an http(s) address, an e-mail address or a phone number. */
function isLinkTarget(value: string): boolean {
  if (isSitePath(value) || isHttpAddress(value)) return true;
  try {
    return ["mailto:", "tel:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

interface InlinePromptProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  applyLabel: string;
  onApply: () => void;
  /** Closes the prompt and returns the focus to the editor (also on Escape). */
  onCancel: () => void;
  error?: string | null;
  helperText?: string;
  type?: string;
  /** Further buttons between apply and cancel. */
  children?: ReactNode;
}

/** A one-field prompt under the toolbar (link address, image description): Enter applies, Escape cancels. */
function InlinePrompt({ label, value, onChange, applyLabel, onApply, onCancel, error, helperText, type, children }: InlinePromptProps) {
  const { t } = useTranslation();
  return (
    <HStack gap={2} p={2} borderBottomWidth="1px" bg="gray.50" wrap="wrap" align="end">
      <Field.Root invalid={!!error} flex="1" minW="14rem">
        <Field.Label fontSize="sm">{label}</Field.Label>
        <Input
          size="sm"
          bg="white"
          type={type}
          value={value}
          autoFocus
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              onApply();
            } else if (e.key === "Escape") {
              e.preventDefault();
              onCancel();
            }
          }}
        />
        {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      <Button type="button" size="sm" onClick={onApply}>
        {applyLabel}
      </Button>
      {children}
      <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
        {t("form:cancel")}
      </Button>
    </HStack>
  );
}

function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation();
  const [href, setHref] = useState<string>(() => (editor.getAttributes("link").href as string | undefined) ?? "https://");
  const [error, setError] = useState<string | null>(null);
  const cancel = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = () => {
    const value = href.trim();
    if (!isLinkTarget(value)) {
      setError(t("editor:editor.link_invalid"));
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href: value }).run();
    onClose();
  };
  return (
    <InlinePrompt
      label={t("editor:editor.link_address")}
      type="url"
      value={href}
      onChange={setHref}
      error={error}
      applyLabel={t("editor:editor.link_apply")}
      onApply={apply}
      onCancel={cancel}
    >
      {editor.isActive("link") && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            editor.chain().focus().extendMarkRange("link").unsetLink().run();
            onClose();
          }}
        >
          {t("editor:editor.link_remove")}
        </Button>
      )}
    </InlinePrompt>
  );
}

/** Sets the description (alt text) of the image with `src` (the one just uploaded, or the selected one). */
function setImageAlt(editor: Editor, src: string, alt: string) {
  const { tr, doc } = editor.state;
  doc.descendants((node, pos) => {
    if (node.type.name === "image" && node.attrs.src === src) tr.setNodeMarkup(pos, undefined, { ...node.attrs, alt });
  });
  editor.view.dispatch(tr);
}

function AltForm({ editor, src, onClose }: { editor: Editor; src: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [alt, setAlt] = useState<string>(() => {
    let current = "";
    editor.state.doc.descendants((node) => {
      if (node.type.name === "image" && node.attrs.src === src) current = (node.attrs.alt as string | null) ?? "";
    });
    return current;
  });
  const cancel = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = () => {
    setImageAlt(editor, src, alt.trim());
    cancel();
  };
  return (
    <InlinePrompt
      label={t("editor:editor.alt_label")}
      value={alt}
      onChange={setAlt}
      helperText={t("editor:editor.alt_help")}
      applyLabel={t("editor:editor.alt_apply")}
      onApply={apply}
      onCancel={cancel}
    />
  );
}

interface UploadState {
  kind: PageUploadKind;
  name: string;
  progress: number;
}

/**
 * The page content editor (Tiptap): headings, bold/italic, lists, links, quotes, tables, and image
 * and video uploads to the files service. Loaded with next/dynamic on the page form only.
 */
export function RichTextEditor({ value, onChange, onBlur, labelId, describedBy, invalid, onUploadingChange }: RichTextEditorProps) {
  const { t } = useTranslation();
  const [linkOpen, setLinkOpen] = useState(false);
  /** src of the image whose description is being edited. */
  const [altFor, setAltFor] = useState<string | null>(null);
  const [upload, setUpload] = useState<UploadState | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const statusId = useId();

  const attributes = {
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelId,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    "aria-invalid": invalid ? "true" : "false",
  };

  const editor = useEditor({
    immediatelyRender: false,
    shouldRerenderOnTransaction: true,
    extensions: pageEditorExtensions(),
    content: value,
    editorProps: { attributes },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
    onBlur: () => onBlur?.(),
  });

  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } });
  }, [editor, attributesKey]);

  const runUpload = async (file: File | undefined, kind: PageUploadKind) => {
    if (!editor) return;
    if (!file) {
      setUploadError(t("editor:upload.selection_failed"));
      notify.error(t("editor:upload.selection_failed"));
      return;
    }
    setUploadError(null);
    setUpload({ kind, name: file.name, progress: 0 });
    onUploadingChange?.(true);
    try {
      const result = await uploadPageFile(file, kind, (progress) => setUpload({ kind, name: file.name, progress }));
      const src = fileRawUrl("pages", result.uri);
      // After the selection, never in place of it (the last inserted image is still selected).
      const at = editor.state.selection.to;
      const node = kind === "image" ? { type: "image", attrs: { src, alt: "" } } : { type: "video", attrs: { src } };
      editor.chain().focus().insertContentAt(at, node).run();
      // Ask for the new image's description right away (it stays decorative when left empty).
      if (kind === "image") setAltFor(src);
    } catch (error) {
      const message = uploadErrorMessage(t, error);
      setUploadError(message);
      notify.error(message);
    } finally {
      setUpload(null);
      onUploadingChange?.(false);
    }
  };

  const pick = (input: HTMLInputElement | null) => {
    try {
      if (!input) throw new Error("no file input");
      input.value = "";
      input.click();
    } catch {
      setUploadError(t("editor:upload.selection_failed"));
      notify.error(t("editor:upload.selection_failed"));
    }
  };

  if (!editor) {
    return <Box minH="28rem" borderWidth="1px" borderRadius="md" bg="white" aria-busy="true" />;
  }
  const inTable = editor.isActive("table");
  const busy = upload !== null;

  return (
    <Box borderWidth="1px" borderColor={invalid ? "red.500" : "gray.300"} borderRadius="md" bg="white" overflow="hidden">
      <HStack role="toolbar" aria-label={t("editor:editor.toolbar")} gap={1} p={1} borderBottomWidth="1px" bg="gray.50" wrap="wrap" position="sticky" top={0} zIndex={1}>
        {EDITOR_HEADING_LEVELS.map((level) => (
          <ToolButton
            key={level}
            text={`H${level}`}
            label={t("editor:editor.heading", { level })}
            active={editor.isActive("heading", { level })}
            onClick={() => editor.chain().focus().toggleHeading({ level }).run()}
          />
        ))}
        <Box aria-hidden="true" w="1px" h="6" bg="gray.300" mx={1} />
        <ToolButton text="B" textStyle="bold" label={t("editor:editor.bold")} active={editor.isActive("bold")} onClick={() => editor.chain().focus().toggleBold().run()} />
        <ToolButton text="I" textStyle="italic" label={t("editor:editor.italic")} active={editor.isActive("italic")} onClick={() => editor.chain().focus().toggleItalic().run()} />
        <ToolButton label={t("editor:editor.bullet_list")} active={editor.isActive("bulletList")} onClick={() => editor.chain().focus().toggleBulletList().run()} icon={<BulletListIcon />} />
        <ToolButton label={t("editor:editor.ordered_list")} active={editor.isActive("orderedList")} onClick={() => editor.chain().focus().toggleOrderedList().run()} icon={<OrderedListIcon />} />
        <ToolButton label={t("editor:editor.blockquote")} active={editor.isActive("blockquote")} onClick={() => editor.chain().focus().toggleBlockquote().run()} icon={<QuoteIcon />} />
        <ToolButton label={t("editor:editor.link")} active={editor.isActive("link") || linkOpen} onClick={() => setLinkOpen((open) => !open)} icon={<LinkIcon />} />
        <Box aria-hidden="true" w="1px" h="6" bg="gray.300" mx={1} />
        <ToolButton label={t("editor:editor.insert_table")} disabled={inTable} onClick={() => editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()} icon={<TableIcon />} />
        {inTable && (
          <>
            <ToolButton label={t("editor:editor.add_row")} onClick={() => editor.chain().focus().addRowAfter().run()} icon={<RowIcon />} />
            <ToolButton label={t("editor:editor.add_column")} onClick={() => editor.chain().focus().addColumnAfter().run()} icon={<ColumnIcon />} />
            <ToolButton label={t("editor:editor.delete_row")} onClick={() => editor.chain().focus().deleteRow().run()} icon={<RowRemoveIcon />} />
            <ToolButton label={t("editor:editor.delete_column")} onClick={() => editor.chain().focus().deleteColumn().run()} icon={<ColumnRemoveIcon />} />
            <ToolButton label={t("editor:editor.delete_table")} onClick={() => editor.chain().focus().deleteTable().run()} icon={<TableRemoveIcon />} />
          </>
        )}
        <Box aria-hidden="true" w="1px" h="6" bg="gray.300" mx={1} />
        <ToolButton label={t("editor:editor.image")} disabled={busy} onClick={() => pick(imageInput.current)} icon={<ImageIcon />} />
        <ToolButton
          label={t("editor:editor.alt")}
          disabled={!editor.isActive("image")}
          active={altFor !== null}
          onClick={() => setAltFor(altFor === null ? ((editor.getAttributes("image").src as string | undefined) ?? null) : null)}
          text="Alt"
        />
        <ToolButton label={t("editor:editor.video")} disabled={busy} onClick={() => pick(videoInput.current)} icon={<VideoIcon />} />
        <Box aria-hidden="true" w="1px" h="6" bg="gray.300" mx={1} />
        <ToolButton label={t("editor:editor.undo")} disabled={!editor.can().undo()} onClick={() => editor.chain().focus().undo().run()} icon={<UndoIcon />} />
        <ToolButton label={t("editor:editor.redo")} disabled={!editor.can().redo()} onClick={() => editor.chain().focus().redo().run()} icon={<RedoIcon />} />
      </HStack>
      <input
        ref={imageInput}
        type="file"
        accept={IMAGE_UPLOAD.accept}
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="editor-image-input"
        onChange={(e) => void runUpload(e.target.files?.[0], "image")}
      />
      <input
        ref={videoInput}
        type="file"
        accept={PAGE_VIDEO_UPLOAD.accept}
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="editor-video-input"
        onChange={(e) => void runUpload(e.target.files?.[0], "video")}
      />
      {linkOpen && <LinkForm editor={editor} onClose={() => setLinkOpen(false)} />}
      {altFor !== null && <AltForm key={altFor} editor={editor} src={altFor} onClose={() => setAltFor(null)} />}
      <Box id={statusId} role="status" aria-live="polite" px={3} py={upload || uploadError ? 2 : 0} bg={uploadError ? "red.50" : undefined}>
        {upload && (
          <>
            <Text fontSize="sm" mb={1}>
              {t(upload.kind === "image" ? "editor:upload.uploading_image" : "editor:upload.uploading_video", { name: upload.name })}
            </Text>
            <UploadProgress value={upload.progress} label={t("editor:upload.progress", { name: upload.name })} />
          </>
        )}
        {uploadError && (
          <Text fontSize="sm" color="red.700">
            {uploadError}
          </Text>
        )}
      </Box>
      <Box css={contentCss}>
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
