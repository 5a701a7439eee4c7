import { Box, Button, HStack, Image, Stack, Text } from "@chakra-ui/react";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useRef, useState } from "react";
import { ApiError } from "@/lib/api/api-error";
import { getBrowserClient } from "@/lib/api/client";
import { uploadResource } from "@/lib/api/files";
import { fileCropUrl } from "@/shared/files";
import { groupErrorMessage } from "@/lib/groups/group-error";

const LOGO_TYPES = ["image/jpeg", "image/png"];
const LOGO_EXTENSIONS = /\.(jpe?g|png)$/i;

interface LogoFieldProps {
  /** Path in files `userGroups`, or null. */
  value: string | null;
  onChange: (icon: string | null) => void;
  /** Upload in progress: the form waits before saving. */
  onBusyChange?: (busy: boolean) => void;
}

/** The group logo: JPG or PNG, uploaded at once to files `userGroups`, with progress, errors and a preview. */
export function LogoField({ value, onChange, onBusyChange }: LogoFieldProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setError(null);
    if (!LOGO_TYPES.includes(file.type) && !LOGO_EXTENSIONS.test(file.name)) {
      setError(t("group:edit.logo_type"));
      return;
    }
    setProgress(0);
    onBusyChange?.(true);
    try {
      const uploaded = await uploadResource(getBrowserClient(), file, "userGroups", { onProgress: (fraction) => setProgress(Math.round(fraction * 100)) });
      onChange(uploaded.uri);
    } catch (failure) {
      const { code } = ApiError.from(failure);
      if (code === "UNSUPPORTED_MEDIA_TYPE") setError(t("group:edit.logo_type"));
      else if (code === "PAYLOAD_TOO_LARGE") setError(t("group:edit.logo_too_large"));
      else setError(`${t("group:edit.logo_failed")}: ${groupErrorMessage(t, failure)}`);
    } finally {
      setProgress(null);
      onBusyChange?.(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  };

  return (
    <Box role="group" aria-labelledby={`${id}-label`}>
      <Text id={`${id}-label`} fontWeight="medium" fontSize="sm" mb={2}>
        {t("group:edit.logo")}
      </Text>
      <HStack gap={4} align="center" wrap="wrap">
        <Box w="6rem" h="4rem" borderWidth="1px" borderRadius="md" bg="white" display="flex" alignItems="center" justifyContent="center" flexShrink={0}>
          {value ? <Image src={fileCropUrl("userGroups", value, { w: 192 })} alt={t("group:edit.logo_preview")} maxH="3.5rem" maxW="5.5rem" objectFit="contain" /> : null}
        </Box>
        <Stack gap={2}>
          <HStack gap={2} wrap="wrap">
            <input
              ref={inputRef}
              id={`${id}-file`}
              type="file"
              accept=".jpg,.jpeg,.png,image/jpeg,image/png"
              hidden
              data-testid="group-logo-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void upload(file);
              }}
            />
            <Button size="sm" variant="outline" onClick={() => inputRef.current?.click()} loading={progress !== null} aria-describedby={`${id}-hint`}>
              {value ? t("group:edit.logo_replace") : t("group:edit.logo_choose")}
            </Button>
            {value ? (
              <Button size="sm" variant="ghost" colorPalette="red" onClick={() => onChange(null)} disabled={progress !== null}>
                {t("group:edit.logo_remove")}
              </Button>
            ) : null}
          </HStack>
          <Text id={`${id}-hint`} fontSize="sm" color="gray.600">
            {t("group:edit.logo_hint")}
          </Text>
        </Stack>
      </HStack>
      {progress !== null ? (
        <Box mt={3} maxW="sm">
          <Text fontSize="sm" mb={1}>
            {t("group:edit.logo_uploading", { percent: progress })}
          </Text>
          <Box role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} aria-label={t("group:edit.logo")} h="0.5rem" bg="gray.200" borderRadius="full" overflow="hidden">
            <Box h="100%" w={`${progress}%`} bg="teal.600" transition="width 0.2s" />
          </Box>
        </Box>
      ) : null}
      {error ? (
        <Text role="alert" mt={2} fontSize="sm" color="red.700">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
