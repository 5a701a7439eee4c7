import { Box, Button, HStack, Image, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Fieldset } from "@/components/ui/chakra/fieldset";
import useTranslation from "@/lib/i18n/use-translation";
import { useRef, useState } from "react";
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import type { PageFormValues } from "@/contracts/page.schema";
import { LICENSE_IDS, licenseNameKey } from "@/shared/licenses";
import { TextField } from "@/components/form/fields";
import { notify } from "@/components/ui/toaster";
import { fileCropUrl } from "@/shared/files";
import { IMAGE_UPLOAD } from "@/lib/media/upload-rules";
import { ControlledSelect } from "./controlled-select";
import { newGalleryItem } from "./page-form-model";
import { uploadErrorMessage, uploadPageFile } from "@/components/editor/page-upload";
import { UploadProgress } from "@/components/editor/upload-progress";

interface PendingUpload {
  id: number;
  name: string;
  progress: number;
  error: string | null;
}

interface GalleryFieldProps {
  control: Control<PageFormValues>;
  register: UseFormRegister<PageFormValues>;
  errors: FieldErrors<PageFormValues>["gallery"];
  onUploadingChange?: (uploading: boolean) => void;
}

let uploadSeq = 0;

/**
 * Banner images of a page: several jpg/png at once (each with its own progress bar), then per image a
 * 1440:300 preview, caption, attribution, licence, move earlier/later and remove. Removing a saved
 * image only takes it out of the form: the platform deletes it when the form is saved.
 */
export function GalleryField({ control, register, errors, onUploadingChange }: GalleryFieldProps) {
  const { t } = useTranslation();
  const { fields, append, remove, swap } = useFieldArray({ control, name: "gallery", keyName: "fieldKey" });
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const licenseOptions = LICENSE_IDS.map((id) => ({ value: String(id), label: t(licenseNameKey(id)!) }));

  const update = (id: number, patch: Partial<PendingUpload>) => setPending((list) => list.map((p) => (p.id === id ? { ...p, ...patch } : p)));

  const addFiles = async (files: File[]) => {
    if (files.length === 0) {
      notify.error(t("editor:upload.selection_failed"));
      return;
    }
    const jobs = files.map((file) => ({ id: ++uploadSeq, file }));
    setPending((list) => [...list, ...jobs.map(({ id, file }) => ({ id, name: file.name, progress: 0, error: null }))]);
    for (const { id, file } of jobs) {
      onUploadingChange?.(true);
      try {
        const result = await uploadPageFile(file, "image", (progress) => update(id, { progress }));
        append(newGalleryItem(result.uri), { shouldFocus: false });
        setPending((list) => list.filter((p) => p.id !== id));
      } catch (error) {
        const message = uploadErrorMessage(t, error);
        update(id, { error: message });
        notify.error(message);
      } finally {
        onUploadingChange?.(false);
      }
    }
  };

  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold">
        {t("editor:gallery.title")}
      </Fieldset.Legend>
      <Fieldset.HelperText>{t("editor:gallery.help")}</Fieldset.HelperText>
      <Stack gap={4} mt={3}>
        <Box>
          <input
            ref={input}
            type="file"
            multiple
            accept={IMAGE_UPLOAD.accept}
            hidden
            aria-hidden="true"
            tabIndex={-1}
            data-testid="gallery-input"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = "";
              void addFiles(files);
            }}
          />
          <Button type="button" variant="outline" onClick={() => input.current?.click()}>
            {t("editor:gallery.add")}
          </Button>
        </Box>
        {pending.length > 0 && (
          <Stack gap={2} role="status" aria-live="polite">
            {pending.map((p) => (
              <Box key={p.id} borderWidth="1px" borderRadius="md" p={2} bg={p.error ? "red.50" : "white"}>
                <HStack justify="space-between" gap={2}>
                  <Text fontSize="sm" truncate>
                    {p.error ? p.error : t("editor:upload.uploading_image", { name: p.name })}
                  </Text>
                  {p.error && (
                    <Button type="button" size="xs" variant="ghost" onClick={() => setPending((list) => list.filter((x) => x.id !== p.id))}>
                      {t("editor:gallery.dismiss")}
                    </Button>
                  )}
                </HStack>
                {!p.error && (
                  <UploadProgress value={p.progress} label={t("editor:upload.progress", { name: p.name })} />
                )}
              </Box>
            ))}
          </Stack>
        )}
        {fields.length === 0 && pending.length === 0 && (
          <Text fontSize="sm" color="gray.600">
            {t("editor:gallery.empty")}
          </Text>
        )}
        {fields.map((item, index) => {
          const itemErrors = errors?.[index];
          const position = t("editor:gallery.item", { n: index + 1, total: fields.length });
          return (
            <Fieldset.Root key={item.fieldKey} borderWidth="1px" borderRadius="md" p={3} bg="white" data-testid="gallery-item">
              <Fieldset.Legend fontSize="sm" fontWeight="semibold" px={1}>
                {position}
              </Fieldset.Legend>
              <Box aspectRatio={1440 / 300} bg="gray.100" borderRadius="sm" overflow="hidden" mb={3}>
                <Image src={fileCropUrl("pages", item.fileName, { w: 1440, h: 300 })} alt={t("editor:gallery.preview_alt", { n: index + 1 })} width="100%" height="100%" objectFit="cover" />
              </Box>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap={3}>
                <TextField label={t("editor:gallery.caption")} registration={register(`gallery.${index}.caption`)} error={itemErrors?.caption?.message} />
                <TextField label={t("editor:gallery.attribution")} registration={register(`gallery.${index}.attribution`)} error={itemErrors?.attribution?.message} />
                <ControlledSelect control={control} name={`gallery.${index}.licenseId`} label={t("editor:gallery.license")} options={licenseOptions} error={itemErrors?.licenseId?.message} />
              </SimpleGrid>
              <HStack gap={2} mt={3} wrap="wrap">
                <Button type="button" size="sm" variant="outline" disabled={index === 0} onClick={() => swap(index, index - 1)} aria-label={t("editor:gallery.move_earlier_n", { n: index + 1 })}>
                  ← {t("editor:gallery.move_earlier")}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={index === fields.length - 1}
                  onClick={() => swap(index, index + 1)}
                  aria-label={t("editor:gallery.move_later_n", { n: index + 1 })}
                >
                  {t("editor:gallery.move_later")} →
                </Button>
                <Button type="button" size="sm" variant="outline" colorPalette="red" onClick={() => remove(index)} aria-label={t("editor:gallery.remove_n", { n: index + 1 })}>
                  {t("editor:gallery.remove")}
                </Button>
              </HStack>
            </Fieldset.Root>
          );
        })}
      </Stack>
    </Fieldset.Root>
  );
}
