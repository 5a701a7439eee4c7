import { Alert } from "@/components/ui/chakra/alert";
import type { ReactNode } from "react";

/** The form-level message (a failed call): announced when it appears. */
export function FormAlert({ status = "error", title, children }: { status?: "error" | "success" | "info" | "warning"; title?: string; children?: ReactNode }) {
  if (!title && !children) return null;
  return (
    <Alert.Root status={status} role="alert" borderRadius="md">
      <Alert.Indicator />
      <Alert.Content>
        {title ? <Alert.Title>{title}</Alert.Title> : null}
        {children ? <Alert.Description>{children}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}
