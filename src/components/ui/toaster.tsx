import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from "@chakra-ui/react";
import useTranslation from "next-translate/useTranslation";
import SITE_CONFIG from "@site-config";

const { TOAST } = SITE_CONFIG.UI;

/** The one toast store of the app. Use `notify`; this is exported for tests and advanced cases. */
export const toaster = createToaster({ placement: "top", pauseOnPageIdle: true, max: 5 });

type ToastKind = "success" | "error" | "info" | "warning";

function show(type: ToastKind, duration: number) {
  return (title: string, description?: string): string =>
    toaster.create({ type, title, description, duration, closable: true });
}

/** The one toast API: errors stay 10 s, everything else 3 s (spec §8). Returns the toast id. */
export const notify = {
  success: show("success", TOAST.DEFAULT_MS),
  info: show("info", TOAST.DEFAULT_MS),
  warning: show("warning", TOAST.DEFAULT_MS),
  error: show("error", TOAST.ERROR_MS),
  dismiss: (id?: string) => toaster.dismiss(id),
};

/** Host for `notify` toasts: render once, inside UiProvider and the i18n provider. */
export function Toaster() {
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
