import { Modal } from "@/components/ui/modal";
import useTranslation from "@/lib/i18n/use-translation";
import type { AuthResponse, PendingUser, VerificationType } from "@/contracts/auth";

import { LazyOtpForm as OtpForm } from "./lazy-otp-form";

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
    <Modal open={user !== null} onClose={onClose} title={t("auth:otp.title")}>
      {user ? <OtpForm user={user} verificationType={verificationType} onVerified={onVerified} /> : null}
    </Modal>
  );
}
