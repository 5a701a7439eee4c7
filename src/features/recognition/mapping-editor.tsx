import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useId, useState, type FormEvent } from "react";
import { DERIVATIONS, type AttributeDef, type FieldSetMapping, type MappingEntry, type RecognitionMappingView } from "@/contracts/recognition";
import { notify } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api/api-error";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage, translateMessage } from "@/lib/api/error-message";
import { saveRecognitionMapping } from "@/lib/api/recognition";
import useTranslation from "@/lib/i18n/use-translation";

const SELECT_STYLE = { border: "1px solid #a0aec0", borderRadius: 6, padding: "0.3rem 0.5rem", font: "inherit", background: "white", maxWidth: "100%" } as const;
const SOURCES = ["none", "constant", "field", "derived"] as const;

/** The entry a newly chosen source starts with. */
export function entryFor(source: MappingEntry["source"], attribute: AttributeDef, fields: RecognitionMappingView["fields"]): MappingEntry {
  switch (source) {
    case "none":
      return { source: "none" };
    case "constant":
      return { source: "constant", value: attribute.allowed?.[0] ?? "" };
    case "field":
      return { source: "field", fieldId: fields[0]?.fieldId ?? "" };
    case "derived":
      return { source: "derived", derive: "recordId" };
  }
}

/** The platform's field errors (`mapping.GOV_TYPE`) by attribute name, translated. */
export function errorsByAttribute(fieldErrors: Record<string, string>, translate: (key: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, key] of Object.entries(fieldErrors)) out[path.replace(/^mapping\./, "")] = translate(key);
  return out;
}

interface RowProps {
  attribute: AttributeDef;
  entry: MappingEntry;
  fields: RecognitionMappingView["fields"];
  error: string | undefined;
  disabled: boolean;
  onChange: (entry: MappingEntry) => void;
}

function AllowedSelect({ id, allowed, value, onChange, disabled, emptyLabel, label }: { id: string; allowed: readonly string[]; value: string; onChange: (v: string) => void; disabled: boolean; emptyLabel: string; label: string }) {
  return (
    <select id={id} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled} style={SELECT_STYLE}>
      <option value="">{emptyLabel}</option>
      {allowed.map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </select>
  );
}

function AttributeRow({ attribute, entry, fields, error, disabled, onChange }: RowProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const field = entry.source === "field" ? fields.find((f) => f.fieldId === entry.fieldId) : undefined;
  const valueInput = (value: string, set: (v: string) => void, label: string) =>
    attribute.allowed ? (
      <AllowedSelect id={`${id}-${label}`} label={label} allowed={attribute.allowed} value={value} onChange={set} disabled={disabled} emptyLabel={t("recognition:mapping.empty")} />
    ) : (
      <input aria-label={label} value={value} onChange={(e) => set(e.target.value)} disabled={disabled} inputMode={attribute.type === "TEXT" ? "text" : "decimal"} style={SELECT_STYLE} />
    );
  return (
    <Box as="li" py={3} borderTopWidth="1px" data-attribute={attribute.name}>
      <HStack gap={2} wrap="wrap" mb={1}>
        <Text as="span" fontFamily="mono" fontWeight="bold">
          {attribute.name}
        </Text>
        {attribute.mandatory ? (
          <Text as="span" fontSize="xs" color="red.800">
            {t("recognition:mapping.mandatory")}
          </Text>
        ) : null}
        <Text as="span" fontSize="sm" color="gray.700">
          {attribute.description}
        </Text>
      </HStack>
      <Stack direction={{ base: "column", md: "row" }} gap={2} align={{ md: "flex-start" }} wrap="wrap">
        <select
          aria-label={t("recognition:mapping.source_label", { name: attribute.name })}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          value={entry.source}
          disabled={disabled}
          onChange={(e) => onChange(entryFor(e.target.value as MappingEntry["source"], attribute, fields))}
          style={SELECT_STYLE}
        >
          {SOURCES.map((s) => (
            <option key={s} value={s}>
              {t(`recognition:mapping.sources.${s}`)}
            </option>
          ))}
        </select>
        {entry.source === "constant" ? valueInput(entry.value, (value) => onChange({ ...entry, value }), t("recognition:mapping.constant_label", { name: attribute.name })) : null}
        {entry.source === "derived" ? (
          <select aria-label={t("recognition:mapping.derive_label", { name: attribute.name })} value={entry.derive} disabled={disabled} onChange={(e) => onChange({ ...entry, derive: e.target.value as (typeof DERIVATIONS)[number] })} style={SELECT_STYLE}>
            {DERIVATIONS.map((d) => (
              <option key={d} value={d}>
                {t(`recognition:mapping.derivations.${d}`)}
              </option>
            ))}
          </select>
        ) : null}
        {entry.source === "field" ? (
          <Stack gap={2} flex="1" minW="16rem">
            <select aria-label={t("recognition:mapping.field_label", { name: attribute.name })} value={entry.fieldId} disabled={disabled} onChange={(e) => onChange({ source: "field", fieldId: e.target.value })} style={SELECT_STYLE}>
              {fields.map((f) => (
                <option key={f.fieldId} value={f.fieldId}>
                  {f.name}
                </option>
              ))}
            </select>
            {field && field.options.length > 0 && attribute.allowed ? (
              <Box as="table" fontSize="sm">
                <caption style={{ textAlign: "start", fontWeight: 600 }}>{t("recognition:mapping.options_caption")}</caption>
                <tbody>
                  {field.options.map((o) => (
                    <tr key={o.value}>
                      <th scope="row" style={{ textAlign: "start", fontWeight: 400, paddingInlineEnd: "0.75rem" }}>
                        {o.label}
                      </th>
                      <td>
                        <AllowedSelect
                          id={`${id}-opt-${o.value}`}
                          label={t("recognition:mapping.option_label", { option: o.label, name: attribute.name })}
                          allowed={attribute.allowed!}
                          value={entry.options?.[o.value] ?? ""}
                          disabled={disabled}
                          emptyLabel={t("recognition:mapping.empty")}
                          onChange={(v) => {
                            const options = { ...(entry.options ?? {}) };
                            if (v) options[o.value] = v;
                            else delete options[o.value];
                            onChange({ ...entry, options });
                          }}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Box>
            ) : null}
            <HStack gap={2} wrap="wrap">
              <Text as="span" fontSize="sm">
                {t("recognition:mapping.otherwise")}
              </Text>
              {valueInput(entry.otherwise ?? "", (v) => onChange({ ...entry, otherwise: v || undefined }), t("recognition:mapping.otherwise_label", { name: attribute.name }))}
            </HStack>
            {attribute.type !== "TEXT" ? (
              <HStack gap={2} wrap="wrap">
                <label style={{ fontSize: "0.875rem" }}>
                  {t("recognition:mapping.factor")}{" "}
                  <input
                    type="number"
                    step="any"
                    value={entry.factor ?? ""}
                    disabled={disabled}
                    onChange={(e) => onChange({ ...entry, factor: e.target.value === "" ? undefined : Number(e.target.value) })}
                    style={{ ...SELECT_STYLE, width: "8rem" }}
                  />
                </label>
                {attribute.name === "REP_AREA" ? (
                  <label style={{ fontSize: "0.875rem" }}>
                    <input type="checkbox" checked={entry.fallback === "area"} disabled={disabled} onChange={(e) => onChange({ ...entry, fallback: e.target.checked ? "area" : undefined })} />{" "}
                    {t("recognition:mapping.fallback_area")}
                  </label>
                ) : null}
              </HStack>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
      {error ? (
        <Text id={errorId} color="red.700" fontSize="sm" mt={1} role="alert">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

/** The administrators' mapping of one field set: per attribute a field (and its options), a constant or a derivation. */
export default function MappingEditor({ view }: { view: RecognitionMappingView }) {
  const { t, lang } = useTranslation();
  const [mapping, setMapping] = useState<FieldSetMapping>(view.mapping);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !view.canEdit) return;
    setSaving(true);
    setErrors({});
    try {
      const saved = await saveRecognitionMapping(getBrowserClient(), { fieldSet: view.fieldSet, mapping }, lang === "hi" ? "hi" : "en");
      setMapping(saved.mapping);
      notify.success(t("recognition:mapping.saved"));
    } catch (error) {
      const fieldErrors = ApiError.from(error).fieldErrors ?? {};
      const byAttribute = errorsByAttribute(fieldErrors, (key) => translateMessage(t, key) ?? key);
      if (Object.keys(byAttribute).length === 0) byAttribute.form = apiErrorMessage(t, error);
      setErrors(byAttribute);
      notify.error(t("recognition:mapping.error"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box as="form" onSubmit={submit} data-testid="wdpca-mapping-editor">
      <Stack as="ul" listStyleType="none" gap={0} m={0} p={0}>
        {view.attributes.map((attribute) => (
          <AttributeRow
            key={attribute.name}
            attribute={attribute}
            entry={mapping[attribute.name] ?? { source: "none" }}
            fields={view.fields}
            error={errors[attribute.name]}
            disabled={!view.canEdit || saving}
            onChange={(entry) => setMapping((m) => ({ ...m, [attribute.name]: entry }))}
          />
        ))}
      </Stack>
      {errors.form || errors.fieldSet ? (
        <Text role="alert" color="red.700" mt={2}>
          {errors.form ?? errors.fieldSet}
        </Text>
      ) : null}
      {view.canEdit ? (
        <Button type="submit" colorPalette="teal" mt={4} loading={saving} data-testid="wdpca-mapping-save">
          {t("recognition:mapping.save")}
        </Button>
      ) : null}
    </Box>
  );
}
