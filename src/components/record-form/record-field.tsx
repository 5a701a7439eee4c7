import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { Input } from "@/components/ui/chakra/input";
import { NativeSelect } from "@/components/ui/chakra/native-select";
import { Textarea } from "@/components/ui/chakra/textarea";
import dynamic from "next/dynamic";
import useTranslation from "@/lib/i18n/use-translation";
import { Controller, useWatch, type Control } from "react-hook-form";
import type { GeoFeatureCollection } from "@/contracts/cca-data";
import { OTHERS_TEXT_MAX } from "@/contracts/record-rules";
import type { CCAField, ValueOption } from "@/contracts/template";
import { translateMessage } from "@/lib/api/error-message";
import { describedBy, FieldBlock } from "./field-block";
import { FileInput } from "./file-input";
import { isOthersOption, optionGroups, optionText, type FileChoice, type FormValues, type OptionChoice } from "./form-model";
import { GeometryInput } from "./geometry-input";

/** The page editor (Tiptap) loads only on forms with a rich text field, in the browser. */
const RichTextEditor = dynamic(() => import("@/components/editor/rich-text-editor").then((m) => m.RichTextEditor), {
  ssr: false,
  loading: () => <Box minH="12rem" borderWidth="1px" borderRadius="md" aria-busy="true" />,
});

interface RecordFieldProps {
  field: CCAField;
  control: Control<FormValues>;
  error?: string;
  onUploadingChange: (busy: boolean) => void;
}

/** The master template's state field: the boundary map zooms to the state chosen in it. */
const STATE_FIELD = "state";
/** The options of each form's state field (a form's fields render apart, and share only its control). */
const stateOptions = new WeakMap<Control<FormValues>, readonly ValueOption[]>();

/** The map input, told which state the form's state field names (its stored value, and its label to show). */
function GeometryField({ control, ...props }: Omit<Parameters<typeof GeometryInput>[0], "state"> & { control: Control<FormValues> }) {
  const choice = useWatch({ control, name: STATE_FIELD }) as OptionChoice | null | undefined;
  const option = choice?.valueId ? stateOptions.get(control)?.find((o) => o.valueId === choice.valueId) : undefined;
  return <GeometryInput {...props} state={option ? { name: option.value, label: option.label } : null} />;
}

const bounds = (field: CCAField) => (field.minMax.length === 2 ? { min: field.minMax[0] ?? undefined, max: field.minMax[1] ?? undefined } : {});

/** One field of the template as a form input, its label, help text and error. */
export function RecordField({ field, control, error, onUploadingChange }: RecordFieldProps) {
  const { t } = useTranslation();
  const id = `field-${field.fieldId}`;
  const message = translateMessage(t, error);
  const help = field.helpText || (field.question && field.question !== field.name ? field.question : null);
  const aria = { "aria-describedby": describedBy(id, !!help, !!message), "aria-invalid": message ? true : undefined, "aria-required": field.isRequired || undefined };
  // Set while rendering (idempotent), so a map further down the same first render already knows the options.
  if (field.fieldId === STATE_FIELD && field.valueOptions.length > 0) stateOptions.set(control, field.valueOptions);
  const isGroup = ["SINGLE_SELECT_RADIO", "MULTI_SELECT_CHECKBOX", "MULTI_SELECT_DROPDOWN", "NUMBER_RANGE", "DATE_RANGE", "GEOMETRY"].includes(field.type);
  const othersInput = (choice: OptionChoice | null, set: (c: OptionChoice) => void, key: string) =>
    choice && isOthersOption(field, choice.valueId) ? (
      <Input
        mt={1}
        size="sm"
        maxLength={OTHERS_TEXT_MAX}
        aria-label={t("template:participate.form.others_text", { option: field.valueOptions.find((o) => o.valueId === choice.valueId)?.label ?? "" })}
        value={choice.label ?? ""}
        onChange={(e) => set({ ...choice, label: e.target.value })}
        key={key}
      />
    ) : null;

  return (
    <FieldBlock id={id} label={field.name} required={field.isRequired} help={help} error={message} group={isGroup}>
      <Controller
        control={control}
        name={field.fieldId}
        render={({ field: f }) => {
          const value = f.value;
          switch (field.type) {
            case "TEXT":
              return <Input id={id} {...aria} value={(value as string) ?? ""} onChange={f.onChange} onBlur={f.onBlur} ref={f.ref} />;
            case "TEXT_AREA":
              return <Textarea id={id} rows={4} {...aria} value={(value as string) ?? ""} onChange={f.onChange} onBlur={f.onBlur} ref={f.ref} />;
            case "RICHTEXT":
              return (
                <Box id={id} tabIndex={-1}>
                  <RichTextEditor value={(value as string) ?? ""} onChange={f.onChange} onBlur={f.onBlur} labelId={`${id}-label`} describedBy={aria["aria-describedby"]} invalid={!!message} onUploadingChange={onUploadingChange} />
                </Box>
              );
            case "NUMBER":
              return <Input id={id} type="number" step="any" inputMode="decimal" {...bounds(field)} {...aria} value={(value as string) ?? ""} onChange={f.onChange} onBlur={f.onBlur} ref={f.ref} />;
            case "YEAR":
              return <Input id={id} type="number" step={1} inputMode="numeric" {...bounds(field)} {...aria} value={(value as string) ?? ""} onChange={f.onChange} onBlur={f.onBlur} ref={f.ref} />;
            case "DATE":
              return <Input id={id} type="date" {...bounds(field)} {...aria} value={(value as string) ?? ""} onChange={f.onChange} onBlur={f.onBlur} ref={f.ref} />;
            case "NUMBER_RANGE":
            case "DATE_RANGE": {
              const pair = Array.isArray(value) ? (value as string[]) : ["", ""];
              const type = field.type === "DATE_RANGE" ? "date" : "number";
              return (
                <HStack gap={3} wrap="wrap">
                  {[0, 1].map((i) => (
                    <Box key={i} minW="10rem">
                      <label htmlFor={i === 0 ? id : `${id}-to`}>{t(i === 0 ? "template:participate.form.from" : "template:participate.form.to")}</label>
                      <Input
                        id={i === 0 ? id : `${id}-to`}
                        type={type}
                        step={type === "number" ? "any" : undefined}
                        {...bounds(field)}
                        {...aria}
                        value={pair[i] ?? ""}
                        onChange={(e) => f.onChange(i === 0 ? [e.target.value, pair[1] ?? ""] : [pair[0] ?? "", e.target.value])}
                        ref={i === 0 ? f.ref : undefined}
                      />
                    </Box>
                  ))}
                </HStack>
              );
            }
            case "SINGLE_SELECT_DROPDOWN": {
              const choice = value as OptionChoice | null;
              return (
                <>
                  <NativeSelect.Root>
                    <NativeSelect.Field id={id} {...aria} ref={f.ref} value={choice?.valueId ?? ""} onChange={(e) => f.onChange(e.target.value ? { valueId: e.target.value } : null)}>
                      <option value="">{t("template:participate.form.choose")}</option>
                      {field.valueOptions.map((o) => (
                        <option key={o.valueId} value={o.valueId}>
                          {optionText(field, o)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  {othersInput(choice, f.onChange, "others")}
                </>
              );
            }
            case "SINGLE_SELECT_RADIO": {
              const choice = value as OptionChoice | null;
              return (
                <Stack gap={1}>
                  {optionGroups(field).map((g, gi) => (
                    <Box key={gi} ps={g.parent ? 2 : 0}>
                      {g.parent ? <Text fontWeight="medium" fontSize="sm">{g.parent}</Text> : null}
                      {g.options.map((o, oi) => (
                        <label key={o.valueId} style={{ display: "flex", gap: 8, alignItems: "center", paddingInlineStart: g.parent ? 12 : 0 }}>
                          <input
                            type="radio"
                            id={gi === 0 && oi === 0 ? id : undefined}
                            name={id}
                            value={o.valueId}
                            checked={choice?.valueId === o.valueId}
                            onChange={() => f.onChange({ valueId: o.valueId })}
                            ref={gi === 0 && oi === 0 ? f.ref : undefined}
                          />
                          {o.text}
                        </label>
                      ))}
                    </Box>
                  ))}
                  {othersInput(choice, f.onChange, "others")}
                </Stack>
              );
            }
            case "MULTI_SELECT_DROPDOWN":
            case "MULTI_SELECT_CHECKBOX": {
              const list = Array.isArray(value) ? (value as OptionChoice[]) : [];
              const toggle = (valueId: string, on: boolean) => f.onChange(on ? [...list, { valueId }] : list.filter((c) => c.valueId !== valueId));
              const setChoice = (c: OptionChoice) => f.onChange(list.map((x) => (x.valueId === c.valueId ? c : x)));
              const checkboxes = optionGroups(field).map((g, gi) => (
                <Box key={gi}>
                  {g.parent ? <Text fontWeight="medium" fontSize="sm">{g.parent}</Text> : null}
                  {g.options.map((o, oi) => (
                    <label key={o.valueId} style={{ display: "flex", gap: 8, alignItems: "center", paddingInlineStart: g.parent ? 12 : 0 }}>
                      <input
                        type="checkbox"
                        id={gi === 0 && oi === 0 ? id : undefined}
                        checked={list.some((c) => c.valueId === o.valueId)}
                        onChange={(e) => toggle(o.valueId, e.target.checked)}
                        aria-invalid={aria["aria-invalid"]}
                        ref={gi === 0 && oi === 0 ? f.ref : undefined}
                      />
                      {g.parent ? `${g.parent} → ${o.text}` : o.text}
                    </label>
                  ))}
                </Box>
              ));
              // Several choices are ticked the same way in both types (no Ctrl-click list): the "dropdown"
              // kind keeps a compact box that scrolls, with the count of choices made under it.
              if (field.type === "MULTI_SELECT_DROPDOWN") {
                return (
                  <>
                    <Stack gap={1} maxH="14rem" overflowY="auto" borderWidth="1px" borderColor="gray.400" borderRadius="md" px={3} py={2} data-testid={`${id}-choices`}>
                      {checkboxes}
                    </Stack>
                    <Text fontSize="xs" color="gray.700" aria-live="polite">
                      {t("template:participate.form.selected", { count: list.length })}
                    </Text>
                    {list.map((c) => othersInput(c, setChoice, c.valueId))}
                  </>
                );
              }
              return (
                <Stack gap={1}>
                  {checkboxes}
                  {list.map((c) => othersInput(c, setChoice, c.valueId))}
                </Stack>
              );
            }
            case "FILE":
              return (
                <FileInput
                  id={id}
                  value={Array.isArray(value) ? (value as FileChoice[]) : []}
                  onChange={f.onChange}
                  describedBy={aria["aria-describedby"]}
                  invalid={!!message}
                  onUploadingChange={onUploadingChange}
                />
              );
            case "GEOMETRY":
              return <GeometryField control={control} id={id} value={value as GeoFeatureCollection} onChange={f.onChange} describedBy={aria["aria-describedby"]} invalid={!!message} />;
            case "HEADING":
              return <></>;
          }
        }}
      />
    </FieldBlock>
  );
}
