import { Box, Button, Field, HStack, Input, Text } from "@chakra-ui/react";
import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import useTranslation from "next-translate/useTranslation";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { notify } from "@/components/ui/toaster";
import { fileRawUrl } from "@/lib/files";
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
import { pageEditorExtensions } from "./editor-extensions";
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

function ToolButton({ label, onClick, active, disabled, children }: { label: string; onClick: () => void; active?: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <Button
      type="button"
      size="xs"
      variant={active ? "solid" : "ghost"}
      colorPalette={active ? "teal" : "gray"}
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onClick={onClick}
      minW="8"
      fontWeight="semibold"
    >
      {children}
    </Button>
  );
}

function isLinkTarget(value: string): boolean {
  if (value.startsWith("/") && !value.startsWith("//")) return true;
  try {
    const { protocol } = new URL(value);
    return ["http:", "https:", "mailto:", "tel:"].includes(protocol);
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
      setError(t("page:editor.link_invalid"));
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href: value }).run();
    onClose();
  };
  return (
    <InlinePrompt
      label={t("page:editor.link_address")}
      type="url"
      value={href}
      onChange={setHref}
      error={error}
      applyLabel={t("page:editor.link_apply")}
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
          {t("page:editor.link_remove")}
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
      label={t("page:editor.alt_label")}
      value={alt}
      onChange={setAlt}
      helperText={t("page:editor.alt_help")}
      applyLabel={t("page:editor.alt_apply")}
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
      setUploadError(t("page:upload.selection_failed"));
      notify.error(t("page:upload.selection_failed"));
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
      setUploadError(t("page:upload.selection_failed"));
      notify.error(t("page:upload.selection_failed"));
    }
  };

  if (!editor) {
    return <Box minH="28rem" borderWidth="1px" borderRadius="md" bg="white" aria-busy="true" />;
  }
  const inTable = editor.isActive("table");
  const busy = upload !== null;

  return (
    <Box borderWidth="1px" borderColor={invalid ? "red.500" : "gray.300"} borderRadius="md" bg="white" overflow="hidden">
      <HStack role="toolbar" aria-label={t("page:editor.toolbar")} gap={1} p={1} borderBottomWidth="1px" bg="gray.50" wrap="wrap" position="sticky" top={0} zIndex={1}>
        <ToolButton label={t("page:editor.heading", { level: 2 })} active={editor.isActive("heading", { level: 2 })} onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}>
          H2
        </ToolButton>
        <ToolButton label={t("page:editor.heading", { level: 3 })} active={editor.isActive("heading", { level: 3 })} onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()}>
          H3
        </ToolButton>
        <ToolButton label={t("page:editor.heading", { level: 4 })} active={editor.isActive("heading", { level: 4 })} onClick={() => editor.chain().focus().toggleHeading({ level: 4 }).run()}>
          H4
        </ToolButton>
        <Box aria-hidden="true" w="1px" h="6" bg="gray.300" mx={1} />
        <ToolButton label={t("page:editor.bold")} active={editor.isActive("bold")} onClick={() => editor.chain().focus().toggleBold().run()}>
          <b>B</b>
        </ToolButton>
        <ToolButton label={t("page:editor.italic")} active={editor.isActive("italic")} onClick={() => editor.chain().focus().toggleItalic().run()}>
          <i>I</i>
        </ToolButton>
        <ToolButton label={t("page:editor.bullet_list")} active={editor.isActive("bulletList")} onClick={() => editor.chain().focus().toggleBulletList().run()}>
          <BulletListIcon />
        </ToolButton>
        <ToolButton label={t("page:editor.ordered_list")} active={editor.isActive("orderedList")} onClick={() => editor.chain().focus().toggleOrderedList().run()}>
          <OrderedListIcon />
        </ToolButton>
        <ToolButton label={t("page:editor.blockquote")} active={editor.isActive("blockquote")} onClick={() => editor.chain().focus().toggleBlockquote().run()}>
          <QuoteIcon />
        </ToolButton>
        <ToolButton label={t("page:editor.link")} active={editor.isActive("link") || linkOpen} onClick={() => setLinkOpen((open) => !open)}>
          <LinkIcon />
        </ToolButton>
        <Box aria-hidden="true" w="1px" h="6" bg="gray.300" mx={1} />
        <ToolButton label={t("page:editor.insert_table")} disabled={inTable} onClick={() => editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}>
          <TableIcon />
        </ToolButton>
        {inTable && (
          <>
            <ToolButton label={t("page:editor.add_row")} onClick={() => editor.chain().focus().addRowAfter().run()}>
              <RowIcon />
            </ToolButton>
            <ToolButton label={t("page:editor.add_column")} onClick={() => editor.chain().focus().addColumnAfter().run()}>
              <ColumnIcon />
            </ToolButton>
            <ToolButton label={t("page:editor.delete_row")} onClick={() => editor.chain().focus().deleteRow().run()}>
              <RowRemoveIcon />
            </ToolButton>
            <ToolButton label={t("page:editor.delete_column")} onClick={() => editor.chain().focus().deleteColumn().run()}>
              <ColumnRemoveIcon />
            </ToolButton>
            <ToolButton label={t("page:editor.delete_table")} onClick={() => editor.chain().focus().deleteTable().run()}>
              <TableRemoveIcon />
            </ToolButton>
          </>
        )}
        <Box aria-hidden="true" w="1px" h="6" bg="gray.300" mx={1} />
        <ToolButton label={t("page:editor.image")} disabled={busy} onClick={() => pick(imageInput.current)}>
          <ImageIcon />
        </ToolButton>
        <ToolButton
          label={t("page:editor.alt")}
          disabled={!editor.isActive("image")}
          active={altFor !== null}
          onClick={() => setAltFor(altFor === null ? ((editor.getAttributes("image").src as string | undefined) ?? null) : null)}
        >
          Alt
        </ToolButton>
        <ToolButton label={t("page:editor.video")} disabled={busy} onClick={() => pick(videoInput.current)}>
          <VideoIcon />
        </ToolButton>
        <Box aria-hidden="true" w="1px" h="6" bg="gray.300" mx={1} />
        <ToolButton label={t("page:editor.undo")} disabled={!editor.can().undo()} onClick={() => editor.chain().focus().undo().run()}>
          <UndoIcon />
        </ToolButton>
        <ToolButton label={t("page:editor.redo")} disabled={!editor.can().redo()} onClick={() => editor.chain().focus().redo().run()}>
          <RedoIcon />
        </ToolButton>
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
              {t(upload.kind === "image" ? "page:upload.uploading_image" : "page:upload.uploading_video", { name: upload.name })}
            </Text>
            <UploadProgress value={upload.progress} label={t("page:upload.progress", { name: upload.name })} />
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
