import { Center, Spinner, Text } from "@chakra-ui/react";
import { Modal } from "@/components/ui/modal";
import dynamic from "next/dynamic";
import useTranslation from "@/lib/i18n/use-translation";

function Loading() {
  const { t } = useTranslation();
  return (
    <Center py={10} role="status" aria-live="polite">
      <Spinner size="lg" color="teal.600" aria-hidden="true" />
      <Text srOnly>{t("common:loading")}</Text>
    </Center>
  );
}

const SignInForm = dynamic(() => import("./sign-in-form").then((m) => m.SignInForm), { ssr: false, loading: () => <Loading /> });

interface AuthWallDialogProps {
  open: boolean;
  linkPrefix: string;
  onSignedIn: () => void;
  onDismiss: () => void;
}

/** The auth wall's modal: "Sign in to continue" with the sign-in form (OTP step inline). */
export default function AuthWallDialog({ open, linkPrefix, onSignedIn, onDismiss }: AuthWallDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onDismiss} title={t("auth:authwall.title")} description={t("auth:authwall.description")}>
      {open ? <SignInForm otpPresentation="inline" linkPrefix={linkPrefix} onSignedIn={onSignedIn} /> : null}
    </Modal>
  );
}
