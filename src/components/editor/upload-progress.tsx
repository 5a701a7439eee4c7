import { Box } from "@chakra-ui/react";

/** A thin progress bar for one upload (0..1), announced as a labelled progressbar. */
export function UploadProgress({ value, label, maxW }: { value: number; label: string; maxW?: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <Box role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} h="1.5" bg="gray.200" borderRadius="full" overflow="hidden" maxW={maxW} mt={1}>
      <Box h="100%" width={`${percent}%`} bg="teal.600" transition="width 0.2s" />
    </Box>
  );
}
