import { Box, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

export interface FieldBlockProps {
  id: string;
  label: string;
  required?: boolean;
  help?: string | null;
  error?: string;
  /** A group of inputs (radios, checkboxes, ranges): a fieldset with a legend instead of a label. */
  group?: boolean;
  children: ReactNode;
}

/** Ids a field's inputs point at with aria-describedby. */
export const describedBy = (id: string, help: boolean, error: boolean): string | undefined =>
  [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

function RequiredMark() {
  return (
    <Text as="span" color="red.700" aria-hidden="true" ms={1}>
      *
    </Text>
  );
}

/** Label, help text, the input(s) and the translated error right under them. */
export function FieldBlock({ id, label, required, help, error, group, children }: FieldBlockProps) {
  const head = (
    <>
      {label}
      {required ? <RequiredMark /> : null}
    </>
  );
  const body = (
    <>
      {help ? (
        <Text id={`${id}-help`} fontSize="sm" color="gray.700" mb={1}>
          {help}
        </Text>
      ) : null}
      {children}
      {error ? (
        <Text id={`${id}-error`} color="red.700" fontSize="sm" mt={1} role="alert" data-field-error={id}>
          {error}
        </Text>
      ) : null}
    </>
  );
  if (group) {
    return (
      <Box as="fieldset" data-field={id} aria-describedby={describedBy(id, !!help, !!error)}>
        <Box as="legend" id={`${id}-label`} fontWeight="medium" mb={1}>
          {head}
        </Box>
        {body}
      </Box>
    );
  }
  return (
    <Box data-field={id}>
      {/* The id names editors that are not form controls (the rich text editor's aria-labelledby). */}
      <Box as="label" id={`${id}-label`} display="block" fontWeight="medium" mb={1} {...({ htmlFor: id } as object)}>
        {head}
      </Box>
      {body}
    </Box>
  );
}
