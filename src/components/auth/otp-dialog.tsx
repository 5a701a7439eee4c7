import { CloseButton, Dialog, Portal } from "@chakra-ui/react";
import useTranslation from "next-translate/useTranslation";
import type { AuthResponse, PendingUser, VerificationType } from "@/contracts/auth";
import { OtpForm } from "./otp-form";

interface OtpDialogProps {
  user: PendingUser | null;
  verificationType?: VerificationType;
  onClose: () => void;
  onVerified: (response: AuthResponse) => void;
}

/** "Verify your account" over the sign-in or registration screen. */
export function OtpDialog({ user, verificationType, onClose, onVerified }: OtpDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={user !== null}
      onOpenChange={(e) => !e.open && onClose()}
      closeOnInteractOutside={false}
      placement="center"
      size={{ mdDown: "full", md: "md" }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t("auth:otp.title")}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb={6}>{user ? <OtpForm user={user} verificationType={verificationType} onVerified={onVerified} /> : null}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("common:actions.close")} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
