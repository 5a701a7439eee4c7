import { Text } from "@chakra-ui/react";
import type { DynamicOptionsLoadingProps } from "next/dynamic";
import useTranslation from "@/lib/i18n/use-translation";

/**
 * What a part loaded on use (next/dynamic) shows meanwhile: "Loading…", or, when its code could not
 * be fetched (a dropped connection), a message instead of nothing.
 */
export function LazyFallback({ error }: DynamicOptionsLoadingProps) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Text role="alert" color="red.700">
        {t("common:error.server.description")}
      </Text>
    );
  }
  return (
    <Text role="status" color="gray.600">
      {t("common:loading")}
    </Text>
  );
}

/** The same for a part with nothing to show while it loads (a dialog): only the failure is said. */
export function LazyFailure(props: DynamicOptionsLoadingProps) {
  return props.error ? <LazyFallback {...props} /> : null;
}
