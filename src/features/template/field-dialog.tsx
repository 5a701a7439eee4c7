import { Box, Button, HStack, IconButton, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Checkbox } from "@/components/ui/chakra/checkbox";
import { Fieldset } from "@/components/ui/chakra/fieldset";
import { Input } from "@/components/ui/chakra/input";
import { Textarea } from "@/components/ui/chakra/textarea";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import {
  CHART_TYPES,
  DATE_TYPES,
  FIELD_TYPES,
  isOptionType,
  isRangeType,
  optionParents,
  PUBLIC_PRECISIONS,
  TITLE_TYPES,
  UNFILTERABLE_TYPES,
  type CCAField,
  type FieldType,
  type PublicPrecision,
} from "@/contracts/template";
import { FIELD_TREATMENTS, RESTRICTION_REASONS, type FieldTreatment, type RestrictionReason } from "@/contracts/restrictions";
import { FIELD_HELP_MAX, FIELD_NAME_MAX, FIELD_QUESTION_MAX, OPTION_TEXT_MAX, checkTemplate } from "@/contracts/template-rules";
import { FieldShell, SelectControl } from "@/components/form/fields";
import { Modal } from "@/components/ui/modal";
import { translateMessage } from "@/lib/api/error-message";
import { addOption, moveOption, othersValue, readOption, removeOption, updateOption, withLabels } from "./field-options";
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from "./template-icons";

/* The field dialog (loaded with next/dynamic): type, texts, flags, range, options and precision. The
   shared rules (contracts/template-rules.ts) check it as the platform will. */

type Flag = "isRequired" | "isSummaryField" | "isTitleColumn" | "isFilterable" | "isChart";
const FLAGS: Flag[] = ["isRequired", "isSummaryField", "isTitleColumn", "isFilterable", "isChart"];

/** Whether a flag can be set on a type (HEADING holds no value; the rest as the shared rules say). */
export function isFlagAllowed(flag: Flag, type: FieldType): boolean {
  if (type === "HEADING") return false;
  if (flag === "isFilterable") return !UNFILTERABLE_TYPES.includes(type);
  if (flag === "isChart") return CHART_TYPES.includes(type);
  if (flag === "isTitleColumn") return TITLE_TYPES.includes(type);
  return true;
}

/** A field whose type changed: flags, range, options and precision that no longer apply are dropped. */
export function retype(field: CCAField, type: FieldType): CCAField {
  const next: CCAField = { ...field, type };
  for (const flag of FLAGS) if (!isFlagAllowed(flag, type)) next[flag] = false;
  if (!isRangeType(type) || DATE_TYPES.includes(type) !== DATE_TYPES.includes(field.type)) next.minMax = [];
  if (!isOptionType(type)) next.valueOptions = [];
  next.publicPrecision = type === "GEOMETRY" ? (field.publicPrecision ?? "EXACT") : null;
  if (type === "HEADING") next.restriction = null;
  return next;
}

let idCounter = 0;
/** An id the shared rules accept (letters, digits, - and _): a UUID where the browser offers one. */
export function newId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `f${Date.now().toString(36)}${(++idCounter).toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

export function emptyField(): CCAField {
  return {
    fieldId: newId(),
    type: "TEXT",
    name: "",
    question: "",
    helpText: "",
    isRequired: false,
    isMasterField: false,
    isSummaryField: false,
    isFilterable: false,
    isTitleColumn: false,
    isChart: false,
    minMax: [],
    valueOptions: [],
    publicPrecision: null,
    restriction: null,
    createdOn: "",
    updatedOn: "",
    children: [],
  };
}

/** Errors of one field under the shared rules, keyed by property (`name`, `minMax`, `valueOptions.2.value`). */
export function checkOneField(field: CCAField, masterFields: ReadonlyMap<string, FieldType>): Record<string, string> {
  const { errors } = checkTemplate(
    { shortName: "check", name: "check", description: "check", platform: ["DESKTOP"], fields: [{ ...field, children: [] }] },
    { masterFields },
  );
  const prefix = `fields.${field.fieldId}.`;
  return Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v]));
}

export interface FieldDialogProps {
  /** The field as it stands (a new one from emptyField()). */
  field: CCAField;
  isNew: boolean;
  isTranslating: boolean;
  languageName: string;
  masterFields: ReadonlyMap<string, FieldType>;
  /** Errors the platform reported for this field, by property. */
  serverErrors: Record<string, string>;
  onSave: (field: CCAField) => void;
  onClose: () => void;
}

export function FieldDialog({ field: initial, isNew, isTranslating, languageName, masterFields, serverErrors, onSave, onClose }: FieldDialogProps) {
  const { t } = useTranslation();
  const [field, setField] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>(serverErrors);
  const set = (changes: Partial<CCAField>) => setField((f) => ({ ...f, ...changes }));
  const locked = isTranslating;
  const typeLocked = locked || field.isMasterField;
  const isDate = DATE_TYPES.includes(field.type);
  const error = (property: string) => errors[property];
  const optionsError = error("valueOptions");

  const save = () => {
    const ready = { ...field, valueOptions: withLabels(field.valueOptions) };
    const found = isTranslating ? {} : checkOneField(ready, masterFields);
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(ready);
  };

  const bound = (i: 0 | 1) => {
    const value = field.minMax[i];
    return value === null || value === undefined ? "" : String(value);
  };
  const setBound = (i: 0 | 1, raw: string) => {
    const value: number | string | null = raw === "" ? null : isDate ? raw : Number(raw);
    const next: [number | string | null, number | string | null] = [field.minMax[0] ?? null, field.minMax[1] ?? null];
    next[i] = value;
    set({ minMax: next[0] === null && next[1] === null ? [] : next });
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={isNew ? t("template:field.add_title") : t("template:field.edit_title", { language: languageName })}
      description={isTranslating ? t("template:field.translation_note") : field.isMasterField ? t("template:field.master_copy") : undefined}
      footer={
        <HStack gap={3}>
          <Button variant="outline" onClick={onClose}>
            {t("form:cancel")}
          </Button>
          <Button colorPalette="teal" onClick={save}>
            {t("template:field.save")}
          </Button>
        </HStack>
      }
    >
      <Stack gap={4}>
        <FieldShell label={t("template:field.field_id")} disabled>
          {(d) => <Input value={field.fieldId} readOnly fontFamily="mono" fontSize="sm" {...d} />}
        </FieldShell>
        <FieldShell label={t("template:field.type")} required error={error("type")} disabled={typeLocked} helperText={field.isMasterField && !locked ? t("template:field.type_locked") : undefined}>
          {(d) => (
            <SelectControl
              {...d}
              value={field.type}
              onChange={(e) => setField((f) => retype(f, e.target.value as FieldType))}
              options={FIELD_TYPES.map((type) => ({ value: type, label: t(`template:field_types.${type}`) }))}
            />
          )}
        </FieldShell>
        <FieldShell label={t("template:field.name")} required={!isTranslating} error={error("name")}>
          {(d) => <Input bg="white" value={field.name} maxLength={FIELD_NAME_MAX} onChange={(e) => set({ name: e.target.value })} {...d} />}
        </FieldShell>
        <FieldShell label={t("template:field.question")} error={error("question")}>
          {(d) => <Input bg="white" value={field.question} maxLength={FIELD_QUESTION_MAX} onChange={(e) => set({ question: e.target.value })} {...d} />}
        </FieldShell>
        <FieldShell label={t("template:field.help_text")} error={error("helpText")}>
          {(d) => <Textarea bg="white" rows={2} value={field.helpText} maxLength={FIELD_HELP_MAX} onChange={(e) => set({ helpText: e.target.value })} {...d} />}
        </FieldShell>

        <Fieldset.Root disabled={locked}>
          <Fieldset.Legend fontWeight="semibold">{t("template:field.settings")}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap={2} mt={2}>
            {FLAGS.map((flag) => {
              const allowed = isFlagAllowed(flag, field.type);
              return (
                <Box key={flag}>
                  <Checkbox.Root checked={field[flag]} disabled={locked || !allowed} onCheckedChange={(e) => set({ [flag]: e.checked === true } as Partial<CCAField>)}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t(`template:field.flag_labels.${flag}`)}</Checkbox.Label>
                  </Checkbox.Root>
                  {!allowed && (
                    <Text fontSize="xs" color="gray.600" ms={6}>
                      {t("template:field.flag_unavailable")}
                    </Text>
                  )}
                  {error(flag) && (
                    <Text fontSize="xs" color="red.700" ms={6} role="alert">
                      {translateMessage(t, error(flag))}
                    </Text>
                  )}
                </Box>
              );
            })}
          </SimpleGrid>
        </Fieldset.Root>

        {isRangeType(field.type) && (
          <Fieldset.Root disabled={locked} invalid={!!error("minMax")}>
            <Fieldset.Legend fontWeight="semibold">{t("template:field.range")}</Fieldset.Legend>
            <SimpleGrid columns={2} gap={3} mt={2}>
              {([0, 1] as const).map((i) => (
                <FieldShell key={i} label={t(i === 0 ? "template:field.min" : "template:field.max")} disabled={locked}>
                  {(d) => (
                    <Input
                      bg="white"
                      type={isDate ? "date" : "number"}
                      step={field.type === "YEAR" ? 1 : "any"}
                      value={bound(i)}
                      onChange={(e) => setBound(i, e.target.value)}
                      aria-invalid={error("minMax") ? true : undefined}
                      {...d}
                    />
                  )}
                </FieldShell>
              ))}
            </SimpleGrid>
            {error("minMax") && (
              <Text color="red.700" fontSize="sm" role="alert">
                {translateMessage(t, error("minMax"))}
              </Text>
            )}
          </Fieldset.Root>
        )}

        {isOptionType(field.type) && (
          <Fieldset.Root invalid={!!optionsError}>
            <Fieldset.Legend fontWeight="semibold">{t("template:field.options")}</Fieldset.Legend>
            <Fieldset.HelperText>{t("template:field.options_help")}</Fieldset.HelperText>
            <Stack as="ol" gap={3} mt={2} listStyleType="none" ps={0}>
              {field.valueOptions.map((option, i) => {
                const n = i + 1;
                const reading = readOption(option.value);
                const valueError = error(`valueOptions.${i}.value`);
                return (
                  <Box as="li" key={option.valueId} borderWidth="1px" borderRadius="md" p={2} aria-label={t("template:field.option_n", { n })}>
                    <SimpleGrid columns={{ base: 1, sm: 2 }} gap={2}>
                      <FieldShell label={t("template:field.option_value")} required error={valueError} disabled={locked}>
                        {(d) => <Input bg="white" size="sm" value={option.value} maxLength={OPTION_TEXT_MAX} onChange={(e) => set({ valueOptions: updateOption(field.valueOptions, i, { value: e.target.value }) })} {...d} />}
                      </FieldShell>
                      <FieldShell label={t("template:field.option_label")} error={error(`valueOptions.${i}.label`)}>
                        {(d) => <Input bg="white" size="sm" value={option.label} maxLength={OPTION_TEXT_MAX} onChange={(e) => set({ valueOptions: updateOption(field.valueOptions, i, { label: e.target.value }) })} {...d} />}
                      </FieldShell>
                    </SimpleGrid>
                    <HStack justify="space-between" mt={1} gap={2} wrap="wrap">
                      <Text fontSize="xs" color="gray.600">
                        {option.value.trim() ? t(`template:field.option_reads.${reading.kind}`, { parent: reading.parent ?? "", child: reading.child }) : ""}
                      </Text>
                      {!locked && (
                        <HStack gap={1}>
                          <IconButton size="xs" variant="outline" aria-label={t("template:field.move_option_up", { n })} aria-disabled={i === 0 ? true : undefined} opacity={i === 0 ? 0.4 : 1} onClick={() => i > 0 && set({ valueOptions: moveOption(field.valueOptions, i, -1) })}>
                            <ArrowUpIcon />
                          </IconButton>
                          <IconButton
                            size="xs"
                            variant="outline"
                            aria-label={t("template:field.move_option_down", { n })}
                            aria-disabled={i === field.valueOptions.length - 1 ? true : undefined}
                            opacity={i === field.valueOptions.length - 1 ? 0.4 : 1}
                            onClick={() => i < field.valueOptions.length - 1 && set({ valueOptions: moveOption(field.valueOptions, i, 1) })}
                          >
                            <ArrowDownIcon />
                          </IconButton>
                          <IconButton size="xs" variant="outline" colorPalette="red" aria-label={t("template:field.remove_option", { n })} onClick={() => set({ valueOptions: removeOption(field.valueOptions, i) })}>
                            <TrashIcon />
                          </IconButton>
                        </HStack>
                      )}
                    </HStack>
                  </Box>
                );
              })}
            </Stack>
            {optionsError && (
              <Text color="red.700" fontSize="sm" role="alert">
                {translateMessage(t, optionsError)}
              </Text>
            )}
            {!locked && (
              <HStack gap={2} mt={2} wrap="wrap">
                <Button size="sm" variant="outline" onClick={() => set({ valueOptions: addOption(field.valueOptions, newId()) })}>
                  {t("template:field.add_option")}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => set({ valueOptions: [...field.valueOptions, { valueId: newId(), label: "Others", value: othersValue("Others") }] })}
                >
                  {t("template:field.add_others")}
                </Button>
              </HStack>
            )}
          </Fieldset.Root>
        )}

        {isOptionType(field.type) && optionParents(field.valueOptions).length > 0 && (
          <Fieldset.Root>
            <Fieldset.Legend fontWeight="semibold">{t("template:field.parent_names")}</Fieldset.Legend>
            <Fieldset.HelperText>{t("template:field.parent_names_help")}</Fieldset.HelperText>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap={2} mt={2}>
              {optionParents(field.valueOptions).map((parent) => (
                <FieldShell key={parent} label={t("template:field.parent_name", { parent })} error={error(`parentLabels.${parent}`)}>
                  {(d) => (
                    <Input
                      bg="white"
                      size="sm"
                      value={field.parentLabels?.[parent] ?? ""}
                      placeholder={parent}
                      maxLength={OPTION_TEXT_MAX}
                      onChange={(e) => set({ parentLabels: { ...field.parentLabels, [parent]: e.target.value } })}
                      {...d}
                    />
                  )}
                </FieldShell>
              ))}
            </SimpleGrid>
          </Fieldset.Root>
        )}

        {field.type === "GEOMETRY" && (
          <fieldset className="cca-choices" disabled={locked}>
            <legend>{t("template:field.precision")}</legend>
            <Stack gap={2}>
              {PUBLIC_PRECISIONS.map((p) => (
                <label key={p} className="cca-choice">
                  <input type="radio" name="publicPrecision" value={p} checked={(field.publicPrecision ?? "EXACT") === p} onChange={() => set({ publicPrecision: p as PublicPrecision })} />
                  <span>{t(`template:field.precisions.${p}`)}</span>
                </label>
              ))}
            </Stack>
          </fieldset>
        )}

        {field.type !== "HEADING" && (
          <Fieldset.Root disabled={locked}>
            <Fieldset.Legend>{t("template:field.restriction")}</Fieldset.Legend>
            <Fieldset.HelperText>{t("template:field.restriction_help")}</Fieldset.HelperText>
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap={3}>
              <FieldShell label={t("governance:restrictions.dialog.treatment")} error={error("restriction")}>
                {(d) => (
                  <SelectControl
                    {...d}
                    value={field.restriction?.treatment ?? ""}
                    onChange={(e) => {
                      const treatment = e.target.value as FieldTreatment | "";
                      set({ restriction: treatment === "" ? null : { treatment, reason: field.restriction?.reason ?? "SENSITIVE_LOCATION", ...(treatment === "EMBARGO" ? { until: field.restriction?.until ?? "" } : {}) } });
                    }}
                    options={[{ value: "", label: t("template:field.restriction_none") }, ...FIELD_TREATMENTS.map((v) => ({ value: v, label: t(`governance:restrictions.treatment_options.${v}`) }))]}
                  />
                )}
              </FieldShell>
              {field.restriction ? (
                <FieldShell label={t("governance:restrictions.dialog.reason")}>
                  {(d) => (
                    <SelectControl
                      {...d}
                      value={field.restriction!.reason}
                      onChange={(e) => set({ restriction: { ...field.restriction!, reason: e.target.value as RestrictionReason } })}
                      options={RESTRICTION_REASONS.map((r) => ({ value: r, label: t(`governance:restrictions.reasons.${r}`) }))}
                    />
                  )}
                </FieldShell>
              ) : null}
              {field.restriction?.treatment === "EMBARGO" ? (
                <FieldShell label={t("governance:restrictions.dialog.until")} error={error("restriction.until")}>
                  {(d) => <Input {...d} type="date" value={field.restriction!.until ?? ""} onChange={(e) => set({ restriction: { ...field.restriction!, until: e.target.value } })} />}
                </FieldShell>
              ) : null}
            </SimpleGrid>
          </Fieldset.Root>
        )}
      </Stack>
    </Modal>
  );
}

export default FieldDialog;
