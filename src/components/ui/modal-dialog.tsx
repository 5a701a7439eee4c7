import { CloseButton, Portal } from "@chakra-ui/react";
import { Dialog } from "@/components/ui/chakra/dialog";
import useTranslation from "@/lib/i18n/use-translation";
import type { ModalProps } from "./modal";

/** The dialog behind `Modal`, loaded when a dialog first opens. */
export default function ModalDialog({ open, onClose, title, description, role = "dialog", footer, children, closeOnOutsideClick = false }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      role={role}
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      closeOnInteractOutside={closeOnOutsideClick}
      placement="center"
      size={{ mdDown: "full", md: "md" }}
      // Tall content scrolls inside the body; the title and the footer's buttons stay in view (on a
      // phone the full-screen dialog otherwise grew past the screen with its buttons below it).
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap={1}>
              <Dialog.Title>{title}</Dialog.Title>
              {description ? <Dialog.Description color="gray.600">{description}</Dialog.Description> : null}
            </Dialog.Header>
            {children ? <Dialog.Body pb={6}>{children}</Dialog.Body> : null}
            {footer ? <Dialog.Footer>{footer}</Dialog.Footer> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("common:actions.close")} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
