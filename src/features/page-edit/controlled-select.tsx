import { Controller, type Control, type FieldPath } from "react-hook-form";
import type { PageFormValues } from "@/contracts/page.schema";
import { FieldShell, SelectControl, type Option } from "@/components/form/fields";

interface ControlledSelectProps {
  control: Control<PageFormValues>;
  name: FieldPath<PageFormValues>;
  label: string;
  options: readonly Option[];
  error?: string;
  helperText?: string;
}

/**
 * A select whose value comes from the form state (not read back from the DOM at mount), so a saved
 * licence or parent always shows as saved.
 */
export function ControlledSelect({ control, name, label, options, error, helperText }: ControlledSelectProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FieldShell label={label} error={error} helperText={helperText}>
          {(described) => (
            <SelectControl
              {...described}
              name={field.name}
              ref={field.ref}
              value={String(field.value ?? "")}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              options={options}
            />
          )}
        </FieldShell>
      )}
    />
  );
}
