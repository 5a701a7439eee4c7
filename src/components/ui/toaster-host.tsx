import { Portal, Stack, createToaster } from "@chakra-ui/react";
import { Toaster as ChakraToaster, Toast } from "@/components/ui/chakra/toast";
import useTranslation from "@/lib/i18n/use-translation";
import SITE_CONFIG from "@site-config";

const { TOAST } = SITE_CONFIG.UI;

/**
 * The toast store and its host, loaded by `notify` (toaster.tsx) on the first toast: the toast
 * machinery stays out of the first-load JavaScript. Use `notify`, not this module.
 */
export const toaster = createToaster({ placement: "top", pauseOnPageIdle: true, max: 5 });

/** Renders the toasts of `toaster`; mounted by `Toaster` once this module has loaded. */
export function ToasterHost() {
  const { t } = useTranslation();
  const closeLabel = t("common:actions.close");
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }} zIndex={TOAST.Z_INDEX}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.closable ? <Toast.CloseTrigger aria-label={closeLabel} /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
