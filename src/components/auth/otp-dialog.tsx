import { Modal } from "@/components/ui/modal";
import dynamic from "next/dynamic";
import useTranslation from "next-translate/useTranslation";
import type { AuthResponse, PendingUser, VerificationType } from "@/contracts/auth";

// Loaded with the dialog, once an account needs its code.
const OtpForm = dynamic(() => import("./otp-form").then((m) => m.OtpForm));

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
