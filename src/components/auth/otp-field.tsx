import { Button, Text } from "@chakra-ui/react";
import { Input } from "@/components/ui/chakra/input";
import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useState, type ClipboardEvent } from "react";
import { FieldShell } from "@/components/form/fields";
import { loadBrowserClient } from "@/lib/api/browser-client";
import type { CodeSubject } from "@/contracts/auth";
import { regenerateOtp } from "@/lib/api/auth";
import { apiErrorMessage } from "@/lib/api/error-message";

export const OTP_LENGTH = 6;
/** Seconds before another code may be requested (the platform also limits resends per day). */
export const RESEND_COOLDOWN_SECONDS = 30;

/** Digits only, at most six: "123 456", "123-456" and "Code: 123456" all become "123456". */
export function sanitizeOtp(raw: string): string {
  return raw.replace(/\D/g, "").slice(0, OTP_LENGTH);
}

interface OtpFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name: string;
  error?: string;
  autoFocus?: boolean;
}

/**
 * The one-time code: one numeric input (phones offer the code from the SMS with
 * autocomplete="one-time-code"; a pasted code with spaces or dashes is cleaned up).
 */
export function OtpField({ value, onChange, onBlur, name, error, autoFocus }: OtpFieldProps) {
  const { t } = useTranslation();
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const digits = sanitizeOtp(event.clipboardData.getData("text"));
    if (!digits) return;
    event.preventDefault();
    onChange(digits);
  };
  return (
    <FieldShell label={t("auth:otp.label")} helperText={t("auth:otp.hint", { length: OTP_LENGTH })} error={error} required>
      {(described) => (
        <Input
          {...described}
          bg="white"
          name={name}
          value={value}
          onChange={(e) => onChange(sanitizeOtp(e.target.value))}
          onPaste={onPaste}
          onBlur={onBlur}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          autoFocus={autoFocus}
          maxW="14rem"
          fontSize="xl"
          letterSpacing="0.4em"
          fontFamily="mono"
        />
      )}
    </FieldShell>
  );
}

/** "Send the code again", disabled for a while after each code. */
export function ResendCodeButton({ subject, action }: { subject: CodeSubject; action: 0 | 1 }) {
  const { t } = useTranslation();
  const [wait, setWait] = useState(RESEND_COOLDOWN_SECONDS);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<{ kind: "ok" | "error"; text: string } | null>(null);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const resend = async () => {
    setSending(true);
    setStatus(null);
    try {
      await regenerateOtp(await loadBrowserClient(), { ...subject, action });
      setStatus({ kind: "ok", text: t("auth:otp.resent") });
      setWait(RESEND_COOLDOWN_SECONDS);
    } catch (error) {
      setStatus({ kind: "error", text: apiErrorMessage(t, error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button type="button" variant="outline" onClick={resend} loading={sending} disabled={wait > 0}>
        {wait > 0 ? t("auth:otp.resend_in", { seconds: wait }) : t("auth:otp.resend")}
      </Button>
      <Text role="status" fontSize="sm" color={status?.kind === "error" ? "red.700" : "green.700"} width="full">
        {status?.text}
      </Text>
    </>
  );
}
