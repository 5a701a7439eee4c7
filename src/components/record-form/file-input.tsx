import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Input } from "@/components/ui/chakra/input";
import { NativeSelect } from "@/components/ui/chakra/native-select";
import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useRef, useState } from "react";
import { FILE_PATH_PREFIX } from "@/contracts/record-rules";
import { getBrowserClient } from "@/lib/api/client";
import { uploadResource } from "@/lib/api/files";
import { LICENSE_LIST } from "@/shared/licenses";
import { prepareImage } from "@/lib/media/prepare-image";
import type { FileChoice } from "./form-model";
import { ApiError } from "@/lib/api/api-error";
import { useSession } from "@/components/auth/session-context";
import { localFileIdOf } from "@/lib/offline/local-files";

const mediaKindOf = (mime: string) => (mime.startsWith("video/") ? "video" : mime.startsWith("audio/") ? "audio" : "image");

const DIRECTORY = "myUploads";
const MAX_BYTES = 100 * 1024 * 1024;

interface Pending {
  key: string;
  name: string;
  progress: number;
}

interface FileInputProps {
  id: string;
  value: FileChoice[];
  onChange: (files: FileChoice[]) => void;
  describedBy?: string;
  invalid?: boolean;
  onUploadingChange: (busy: boolean) => void;
}

/** Several files: images compressed in the browser (≤ 1000 px, orientation applied), audio and video as they are; attribution and licence each. */
export function FileInput({ id, value, onChange, describedBy, invalid, onUploadingChange }: FileInputProps) {
  const { t } = useTranslation();
  const userId = useSession().user?.id ?? null;
  const [pending, setPending] = useState<Pending[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  const upload = async (file: File) => {
    const key = `${file.name}-${Math.random()}`;
    setPending((p) => [...p, { key, name: file.name, progress: 0 }]);
    onUploadingChange(true);
    let ready: Blob | null = null;
    try {
      if (file.size > MAX_BYTES) throw new Error(t("template:participate.file.too_large", { name: file.name }));
      ready = file.type.startsWith("image/") && file.type !== "image/gif" ? await prepareImage(file) : file;
      // Offline (issue 32): no upload to try; the photo waits on this device (below).
      if (!window.navigator.onLine) throw new ApiError(0, "OFFLINE", "offline");
      const uploaded = await uploadResource(getBrowserClient(), ready, DIRECTORY, {
        onProgress: (progress) => setPending((p) => p.map((x) => (x.key === key ? { ...x, progress } : x))),
      });
      const item: FileChoice = { path: `${FILE_PATH_PREFIX}${DIRECTORY}${uploaded.uri}`, type: uploaded.type, fileName: file.name };
      latest.current = [...latest.current, item];
      onChange(latest.current);
    } catch (error) {
      // Offline (issue 32): the photo waits on this device and is uploaded with the queued record.
      if (ready && (!window.navigator.onLine || ApiError.from(error).status === 0)) {
        try {
          const { keepLocalFile } = await import("@/lib/offline/queue-record");
          // The member's id when the session still shows it (a token may lapse offline): the photo is found by its own id.
          const path = await keepLocalFile(userId ?? 0, ready, file.name);
          latest.current = [...latest.current, { path, type: mediaKindOf(file.type), fileName: file.name }];
          onChange(latest.current);
          return;
        } catch {
          // no room on the device: said below like any failed upload
        }
      }
      const message = error instanceof Error && error.message.startsWith(file.name) ? error.message : t("template:participate.file.failed", { name: file.name });
      setProblems((p) => [...p, message]);
    } finally {
      setPending((p) => p.filter((x) => x.key !== key));
      onUploadingChange(false);
    }
  };

  const update = (index: number, patch: Partial<FileChoice>) => onChange(value.map((f, i) => (i === index ? { ...f, ...patch } : f)));

  return (
    <Stack gap={3}>
      <Input
        id={id}
        type="file"
        multiple
        accept="image/*,audio/*,video/*"
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        p={1}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = "";
          setProblems([]);
          for (const f of files) void upload(f);
        }}
      />
      {pending.map((p) => (
        <Box key={p.key}>
          <Text fontSize="sm">{t("template:participate.file.uploading", { name: p.name })}</Text>
          <Box role="progressbar" aria-label={t("template:participate.file.uploading", { name: p.name })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(p.progress * 100)} h="1.5" bg="gray.200" borderRadius="full" overflow="hidden">
            <Box h="100%" width={`${Math.round(p.progress * 100)}%`} bg="teal.600" />
          </Box>
        </Box>
      ))}
      {problems.map((p) => (
        <Text key={p} color="red.700" fontSize="sm" role="alert">
          {p}
        </Text>
      ))}
      {value.length > 0 ? (
        <Stack as="ul" gap={3} listStyleType="none">
          {value.map((f, index) => {
            const name = f.fileName ?? f.path.split("/").pop() ?? f.path;
            const local = localFileIdOf(f.path) !== null;
            return (
              <Box as="li" key={f.path} borderWidth="1px" borderRadius="md" p={3} data-testid="uploaded-file">
                <HStack justify="space-between" mb={2} gap={3} wrap="wrap">
                  {f.type === "image" && !local ? (
                    // eslint-disable-next-line @next/next/no-img-element
                    <img src={f.path.replace("/get/raw/", "/get/crop/") + "?w=96&h=96&fit=cover"} alt="" width={48} height={48} style={{ objectFit: "cover", borderRadius: 4 }} />
                  ) : null}
                  <Text flex="1" wordBreak="break-all">
                    {name}
                  </Text>
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => onChange(value.filter((_, i) => i !== index))}>
                    {t("template:participate.file.remove", { name })}
                  </Button>
                </HStack>
                {local ? (
                  <Text fontSize="sm" color="orange.800" mb={2} data-testid="file-waiting-offline">
                    {t("template:participate.file.waiting_offline", { name })}
                  </Text>
                ) : null}
                <HStack gap={3} wrap="wrap" align="flex-end">
                  <Box flex="2" minW="12rem">
                    <label htmlFor={`${id}-attr-${index}`}>{t("template:participate.file.attribution")}</label>
                    <Input id={`${id}-attr-${index}`} size="sm" maxLength={500} value={f.attribution ?? ""} onChange={(e) => update(index, { attribution: e.target.value })} />
                  </Box>
                  <Box flex="1" minW="10rem">
                    <label htmlFor={`${id}-lic-${index}`}>{t("template:participate.file.license")}</label>
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field id={`${id}-lic-${index}`} value={f.license ?? ""} onChange={(e) => update(index, { license: e.target.value || undefined })}>
                        <option value="">—</option>
                        {LICENSE_LIST.map((l) => (
                          <option key={l.name} value={l.name}>
                            {l.name.replace(/_/g, " ")}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Box>
                </HStack>
              </Box>
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
