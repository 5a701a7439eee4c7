import { Box, Button, HStack, Image, Stack, Text } from "@chakra-ui/react";
import { Field } from "@/components/ui/chakra/field";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useRef, useState } from "react";
import { notify } from "@/components/ui/toaster";
import { fileCropUrl } from "@/shared/files";
import { IMAGE_UPLOAD } from "@/lib/media/upload-rules";
import { uploadErrorMessage, uploadPageFile } from "@/components/editor/page-upload";
import { UploadProgress } from "@/components/editor/upload-progress";

interface SocialPreviewFieldProps {
  /** Store path, "" for none. */
  value: string;
  onChange: (path: string) => void;
  onUploadingChange?: (uploading: boolean) => void;
}

/** The page's social-preview image (Open Graph, 600×330): one jpg/png, replaceable and clearable. */
export function SocialPreviewField({ value, onChange, onUploadingChange }: SocialPreviewFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();
  const helpId = useId();

  const upload = async (file: File | undefined) => {
    if (!file) {
      setError(t("editor:upload.selection_failed"));
      return;
    }
    setError(null);
    setProgress(0);
    onUploadingChange?.(true);
    try {
      const result = await uploadPageFile(file, "image", setProgress);
      onChange(result.uri);
    } catch (e) {
      const message = uploadErrorMessage(t, e);
      setError(message);
      notify.error(message);
    } finally {
      setProgress(null);
      onUploadingChange?.(false);
    }
  };

  return (
    <Field.Root invalid={!!error}>
      <Text id={labelId} fontWeight="medium" fontSize="sm">
        {t("editor:form.social_preview")}
      </Text>
      <Text id={helpId} fontSize="sm" color="gray.600">
        {t("editor:form.social_preview_help")}
      </Text>
      <Stack gap={2} mt={1} width="100%">
        {value ? (
          <Box width={{ base: "100%", sm: "300px" }} aspectRatio={600 / 330} bg="gray.100" borderRadius="md" overflow="hidden">
            <Image src={fileCropUrl("pages", value, { w: 600, h: 330 })} alt={t("editor:form.social_preview_alt")} width="100%" height="100%" objectFit="cover" />
          </Box>
        ) : null}
        <input
          ref={input}
          type="file"
          accept={IMAGE_UPLOAD.accept}
          hidden
          aria-hidden="true"
          tabIndex={-1}
          data-testid="social-preview-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            void upload(file);
          }}
        />
        <HStack gap={2}>
          <Button type="button" size="sm" variant="outline" loading={progress !== null} onClick={() => input.current?.click()} aria-describedby={helpId}>
            {value ? t("editor:form.social_preview_replace") : t("editor:form.social_preview_choose")}
          </Button>
          {value ? (
            <Button type="button" size="sm" variant="ghost" colorPalette="red" onClick={() => onChange("")}>
              {t("editor:form.social_preview_clear")}
            </Button>
          ) : null}
        </HStack>
        {progress !== null && (
          <UploadProgress value={progress} label={t("editor:form.social_preview")} maxW="300px" />
        )}
        <Field.ErrorText>{error}</Field.ErrorText>
      </Stack>
    </Field.Root>
  );
}
