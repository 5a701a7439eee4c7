import { Center, CloseButton, Dialog, Portal, Spinner, Text } from "@chakra-ui/react";
import dynamic from "next/dynamic";
import useTranslation from "next-translate/useTranslation";

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
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onDismiss()}
      // Only Escape or the close button dismiss it: a stray click must not lose what was typed.
      closeOnInteractOutside={false}
      placement="center"
      size={{ mdDown: "full", md: "md" }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap={1}>
              <Dialog.Title>{t("auth:authwall.title")}</Dialog.Title>
              <Dialog.Description color="gray.600">{t("auth:authwall.description")}</Dialog.Description>
            </Dialog.Header>
            <Dialog.Body pb={6}>{open ? <SignInForm otpPresentation="inline" linkPrefix={linkPrefix} onSignedIn={onSignedIn} /> : null}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("common:actions.close")} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
