import type { Ref } from "react";
import { IconButton, InputGroup, Stack } from "@chakra-ui/react";
import { Field } from "@/components/ui/chakra/field";
import { Input, type InputProps } from "@/components/ui/chakra/input";
import { NativeSelect } from "@/components/ui/chakra/native-select";
import { Textarea } from "@/components/ui/chakra/textarea";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useState, type ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { EyeIcon, EyeOffIcon } from "@/components/ui/icons";
import { translateMessage } from "@/lib/api/error-message";

/**
 * Form fields over Chakra's Field: the label is tied to the control, and the helper and error texts
 * are announced with it (aria-describedby, aria-invalid). Errors are translation keys from the yup
 * schemas or the platform's fieldErrors, translated here.
 */
/** Props that tie a control to its help and error texts. */
export interface DescribedBy {
  "aria-describedby"?: string;
}

/**
 * Ids for a field's help and error texts, and the control's aria-describedby naming both (Chakra's
 * Field only points aria-errormessage at the error, which several screen readers do not read).
 */
export function useFieldTexts(hasHelper: boolean, hasError: boolean) {
  const base = useId();
  const ids = { helperText: `${base}-help`, errorText: `${base}-error` };
  const described = [hasHelper ? ids.helperText : null, hasError ? ids.errorText : null].filter(Boolean).join(" ");
  return { ids, describedBy: { "aria-describedby": described || undefined } as DescribedBy };
}

interface FieldShellProps {
  label: ReactNode;
  /** Validation message (translation key), shown under the control. */
  error?: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  children: ReactNode | ((describedBy: DescribedBy) => ReactNode);
}

export function FieldShell({ label, error, helperText, required, disabled, children }: FieldShellProps) {
  const { t } = useTranslation();
  const message = translateMessage(t, error);
  const { ids, describedBy } = useFieldTexts(!!helperText, !!message);
  return (
    <Field.Root invalid={!!message} required={required} disabled={disabled} ids={ids}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {typeof children === "function" ? children(describedBy) : children}
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{message}</Field.ErrorText>
    </Field.Root>
  );
}

type NativeInputProps = Omit<InputProps, "name" | "onChange" | "onBlur" | "ref">;

interface TextFieldProps extends Omit<FieldShellProps, "children"> {
  registration: UseFormRegisterReturn;
  inputProps?: NativeInputProps;
}

export function TextField({ registration, inputProps, ...shell }: TextFieldProps) {
  return (
    <FieldShell {...shell}>{(described) => <Input bg="white" {...inputProps} {...described} {...registration} />}</FieldShell>
  );
}

interface TextAreaFieldProps extends Omit<FieldShellProps, "children"> {
  registration: UseFormRegisterReturn;
  rows?: number;
}

export function TextAreaField({ registration, rows = 4, ...shell }: TextAreaFieldProps) {
  return (
    <FieldShell {...shell}>{(described) => <Textarea bg="white" rows={rows} {...described} {...registration} />}</FieldShell>
  );
}

interface PasswordFieldProps extends Omit<FieldShellProps, "children"> {
  registration: UseFormRegisterReturn;
  autoComplete: "current-password" | "new-password";
}

/** A password input with a show/hide toggle (a pressed-state button, so screen readers hear the state). */
export function PasswordField({ registration, autoComplete, ...shell }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell {...shell}>
      {(described) => (
        <InputGroup
          endElement={
            <IconButton
              type="button"
              variant="ghost"
              size="sm"
              me="-2"
              aria-label={t(visible ? "auth:sign_in.hide_password" : "auth:sign_in.show_password")}
              aria-pressed={visible}
              onClick={() => setVisible((v) => !v)}
            >
              {visible ? <EyeOffIcon /> : <EyeIcon />}
            </IconButton>
          }
        >
          <Input bg="white" type={visible ? "text" : "password"} autoComplete={autoComplete} {...described} {...registration} />
        </InputGroup>
      )}
    </FieldShell>
  );
}

export interface Option {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<FieldShellProps, "children"> {
  registration: UseFormRegisterReturn;
  options: readonly Option[];
  /** Text of the empty first option; none when absent. */
  placeholder?: string;
}

/** The native select with its options; the field wiring (register or a Controller) comes from the caller. */
export function SelectControl({
  options,
  placeholder,
  ...fieldProps
}: NativeSelect.FieldProps & { options: readonly Option[]; placeholder?: string; ref?: Ref<HTMLSelectElement> }) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field bg="white" {...fieldProps}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export function SelectField({ registration, options, placeholder, ...shell }: SelectFieldProps) {
  return <FieldShell {...shell}>{(described) => <SelectControl {...described} {...registration} options={options} placeholder={placeholder} />}</FieldShell>;
}

interface RadioFieldProps {
  label: ReactNode;
  name: string;
  value: string | undefined;
  onChange: (value: string) => void;
  options: readonly Option[];
  error?: string;
  orientation?: "horizontal" | "vertical";
}

/**
 * A labelled radio group: native radio buttons in a fieldset, its legend the label (arrow keys move
 * between the options, as in any browser). Not Chakra's RadioGroup: its state machine (Zag) would be
 * ~10 kB of the sign-in and registration pages' first load for what the browser does itself.
 */
export function RadioField({ label, name, value, onChange, options, error, orientation = "horizontal" }: RadioFieldProps) {
  const { t } = useTranslation();
  const message = translateMessage(t, error);
  const { ids, describedBy } = useFieldTexts(false, !!message);
  const base = useId();
  return (
    // role radiogroup (allowed on a fieldset): aria-invalid is not defined for a plain group.
    <fieldset className="cca-choices" role="radiogroup" aria-labelledby={`${base}-label`} aria-invalid={message ? true : undefined} {...describedBy}>
      <legend id={`${base}-label`}>{label}</legend>
      <Stack direction={orientation === "horizontal" ? "row" : "column"} gap={5} wrap="wrap">
        {options.map((o, i) => (
          <label key={o.value} className="cca-choice" htmlFor={`${base}-${i}`}>
            <input id={`${base}-${i}`} type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
            <span>{o.label}</span>
          </label>
        ))}
      </Stack>
      {message ? (
        <p id={ids.errorText} className="cca-choices-error">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

// In its own module, so screens that show only a message do not load the field components.
export { FormAlert } from "./form-alert";
