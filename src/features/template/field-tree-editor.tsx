import { Badge, Box, Button, Heading, HStack, IconButton, Stack, Text } from "@chakra-ui/react";
import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useRef, useState, type DragEvent } from "react";
import type { CCAField } from "@/contracts/template";
import { EditIcon, PlusIcon } from "@/components/ui/icons";
import { Modal } from "@/components/ui/modal";
import { translateMessage } from "@/lib/api/error-message";
import { canMoveField, copyMasterField, dropField, hasFieldId, moveField, removeField, type DropPosition, type FieldMove } from "./field-tree";
import { ArrowDownIcon, ArrowUpIcon, CopyIcon, IndentIcon, OutdentIcon, TrashIcon } from "./template-icons";

/* The field panel of the template editor (loaded with next/dynamic): the master tree to copy from and
   the template's tree with move buttons per field and drag and drop. */

const MOVES: { move: FieldMove; label: string; Icon: typeof ArrowUpIcon }[] = [
  { move: "up", label: "template:editor.move_up", Icon: ArrowUpIcon },
  { move: "down", label: "template:editor.move_down", Icon: ArrowDownIcon },
  { move: "outdent", label: "template:editor.outdent", Icon: OutdentIcon },
  { move: "indent", label: "template:editor.indent", Icon: IndentIcon },
];

const FLAGS = ["isRequired", "isSummaryField", "isTitleColumn", "isFilterable", "isChart"] as const;

type Drag = { id: string | null; over: { id: string; position: DropPosition } | null };

function dropPositionOf(e: DragEvent<HTMLElement>): DropPosition {
  const box = e.currentTarget.getBoundingClientRect();
  const y = (e.clientY - box.top) / Math.max(box.height, 1);
  return y < 0.3 ? "before" : y > 0.7 ? "after" : "inside";
}

/** "name: message" lines of a field's errors (keys `fields.<id>.<property>`), translated. */
export function FieldErrorList({ errors }: { errors: { property: string; key: string }[] }) {
  const { t } = useTranslation();
  if (errors.length === 0) return null;
  return (
    <Box as="ul" role="alert" color="red.700" fontSize="sm" ps={5} listStyleType="disc" mt={1}>
      {errors.map((e) => (
        <li key={`${e.property}:${e.key}`}>{translateMessage(t, e.key)}</li>
      ))}
    </Box>
  );
}

interface TreeProps {
  nodes: CCAField[];
  root: CCAField[];
  depth: number;
  isTranslating: boolean;
  errors: Record<string, { property: string; key: string }[]>;
  drag: Drag;
  setDrag: (d: Drag) => void;
  onMove: (id: string, move: FieldMove) => void;
  onDrop: (id: string, targetId: string, position: DropPosition) => void;
  onEdit: (field: CCAField) => void;
  onRemove: (field: CCAField) => void;
}

function TemplateTree({ nodes, root, depth, isTranslating, errors, drag, setDrag, onMove, onDrop, onEdit, onRemove }: TreeProps) {
  const { t } = useTranslation();
  return (
    <Box as="ul" listStyleType="none" m={0} ps={depth === 0 ? 0 : { base: 3, md: 6 }}>
      {nodes.map((node) => {
        const over = drag.over?.id === node.fieldId ? drag.over.position : null;
        const label = node.name || node.fieldId;
        const fieldErrors = errors[node.fieldId] ?? [];
        return (
          <Box as="li" key={node.fieldId} data-field-id={node.fieldId}>
            <Box
              draggable={!isTranslating}
              onDragStart={(e: DragEvent<HTMLElement>) => {
                e.stopPropagation();
                e.dataTransfer.effectAllowed = "move";
                e.dataTransfer.setData("text/plain", node.fieldId);
                setDrag({ id: node.fieldId, over: null });
              }}
              onDragOver={(e: DragEvent<HTMLElement>) => {
                if (drag.id === null || drag.id === node.fieldId) return;
                e.preventDefault();
                e.stopPropagation();
                const position = dropPositionOf(e);
                if (drag.over?.id !== node.fieldId || drag.over.position !== position) setDrag({ id: drag.id, over: { id: node.fieldId, position } });
              }}
              onDrop={(e: DragEvent<HTMLElement>) => {
                e.preventDefault();
                e.stopPropagation();
                if (drag.id !== null && drag.id !== node.fieldId) onDrop(drag.id, node.fieldId, dropPositionOf(e));
                setDrag({ id: null, over: null });
              }}
              onDragEnd={() => setDrag({ id: null, over: null })}
              my={1}
              px={3}
              py={2}
              bg={fieldErrors.length ? "red.50" : drag.id === node.fieldId ? "gray.100" : "white"}
              borderWidth="1px"
              borderRadius="md"
              borderColor={fieldErrors.length ? "red.400" : over === "inside" ? "teal.500" : "gray.200"}
              borderTopWidth={over === "before" ? "3px" : "1px"}
              borderTopColor={over === "before" ? "teal.500" : undefined}
              borderBottomWidth={over === "after" ? "3px" : "1px"}
              borderBottomColor={over === "after" ? "teal.500" : undefined}
            >
              <Stack direction={{ base: "column", sm: "row" }} justify="space-between" gap={2}>
                <Box minW={0}>
                  <Text fontWeight="semibold" overflowWrap="anywhere" cursor={isTranslating ? undefined : "grab"} title={isTranslating ? undefined : t("template:editor.drag", { name: label })}>
                    {label}
                  </Text>
                  <HStack gap={1} wrap="wrap" mt={1}>
                    <Badge variant="outline">{t(`template:field_types.${node.type}`)}</Badge>
                    {node.isMasterField && <Badge colorPalette="purple">{t("template:editor.master_badge")}</Badge>}
                    {FLAGS.filter((f) => node[f]).map((f) => (
                      <Badge key={f} colorPalette="teal" variant="subtle">
                        {t(`template:editor.flags.${f}`)}
                      </Badge>
                    ))}
                  </HStack>
                </Box>
                <HStack gap={1} wrap="wrap" flexShrink={0} align="flex-start">
                  {!isTranslating &&
                    MOVES.map(({ move, label: moveLabel, Icon }) => {
                      const possible = canMoveField(root, node.fieldId, move);
                      return (
                        <IconButton
                          key={move}
                          size="xs"
                          variant="outline"
                          data-move={`${node.fieldId}-${move}`}
                          aria-label={t(moveLabel, { name: label })}
                          aria-disabled={possible ? undefined : true}
                          title={possible ? t(moveLabel, { name: label }) : t("template:editor.unavailable")}
                          opacity={possible ? 1 : 0.4}
                          onClick={() => possible && onMove(node.fieldId, move)}
                        >
                          <Icon />
                        </IconButton>
                      );
                    })}
                  <IconButton size="xs" variant="outline" colorPalette="teal" aria-label={t(isTranslating ? "template:editor.translate_field" : "template:editor.edit_field", { name: label })} onClick={() => onEdit(node)}>
                    <EditIcon />
                  </IconButton>
                  {!isTranslating && (
                    <IconButton size="xs" variant="outline" colorPalette="red" aria-label={t("template:editor.remove_field", { name: label })} onClick={() => onRemove(node)}>
                      <TrashIcon />
                    </IconButton>
                  )}
                </HStack>
              </Stack>
              <FieldErrorList errors={fieldErrors} />
            </Box>
            {node.children.length > 0 && (
              <TemplateTree
                nodes={node.children}
                root={root}
                depth={depth + 1}
                isTranslating={isTranslating}
                errors={errors}
                drag={drag}
                setDrag={setDrag}
                onMove={onMove}
                onDrop={onDrop}
                onEdit={onEdit}
                onRemove={onRemove}
              />
            )}
          </Box>
        );
      })}
    </Box>
  );
}

function MasterTree({ nodes, depth, tree, onCopy }: { nodes: CCAField[]; depth: number; tree: CCAField[]; onCopy?: (field: CCAField) => void }) {
  const { t } = useTranslation();
  return (
    <Box as="ul" listStyleType="none" m={0} ps={depth === 0 ? 0 : 4}>
      {nodes.map((node) => {
        const isIn = hasFieldId(tree, node.fieldId);
        return (
          <Box as="li" key={node.fieldId}>
            <HStack justify="space-between" gap={2} py={1} borderBottomWidth="1px" borderColor="gray.100">
              <Box minW={0}>
                <Text fontSize="sm" overflowWrap="anywhere">
                  {node.name}
                </Text>
                <Text fontSize="xs" color="gray.600">
                  {t(`template:field_types.${node.type}`)}
                </Text>
              </Box>
              {onCopy &&
                (isIn ? (
                  <Text fontSize="xs" color="gray.600" flexShrink={0}>
                    {t("template:editor.already_copied")}
                  </Text>
                ) : (
                  <IconButton size="xs" variant="ghost" colorPalette="teal" aria-label={t("template:editor.copy", { name: node.name })} onClick={() => onCopy(node)}>
                    <CopyIcon />
                  </IconButton>
                ))}
            </HStack>
            {node.children.length > 0 && <MasterTree nodes={node.children} depth={depth + 1} tree={tree} onCopy={onCopy} />}
          </Box>
        );
      })}
    </Box>
  );
}

export interface FieldTreeEditorProps {
  fields: CCAField[];
  onChange: (fields: CCAField[]) => void;
  masterFields: CCAField[];
  isTranslating: boolean;
  /** fieldId → errors to show on its row. */
  errors: Record<string, { property: string; key: string }[]>;
  onAdd: () => void;
  onEdit: (field: CCAField) => void;
}

export function FieldTreeEditor({ fields, onChange, masterFields, isTranslating, errors, onAdd, onEdit }: FieldTreeEditorProps) {
  const { t } = useTranslation();
  const [drag, setDrag] = useState<Drag>({ id: null, over: null });
  const [removing, setRemoving] = useState<CCAField | null>(null);
  const [status, setStatus] = useState("");
  const focusAfter = useRef<string | null>(null);

  // The moved field's button keeps the focus (its row is re-created in its new place).
  useEffect(() => {
    if (!focusAfter.current) return;
    const el = document.querySelector<HTMLElement>(`[data-move="${focusAfter.current}"]`);
    focusAfter.current = null;
    el?.focus();
  }, [fields]);

  const move = (id: string, m: FieldMove) => {
    const next = moveField(fields, id, m);
    if (!next) return;
    focusAfter.current = `${id}-${m}`;
    onChange(next);
    setStatus(t("template:editor.moved", { name: findName(next, id) }));
  };

  return (
    <Stack direction={{ base: "column", lg: "row" }} gap={6} align="stretch">
      {masterFields.length > 0 && (
        <Box as="section" aria-labelledby="master-tree-title" flex={{ lg: "0 0 30%" }} bg="gray.50" borderWidth="1px" borderRadius="md" p={4}>
          <Heading as="h3" id="master-tree-title" size="md">
            {t("template:editor.master_title")}
          </Heading>
          {!isTranslating && (
            <Text fontSize="sm" color="gray.700" mb={2}>
              {t("template:editor.master_help")}
            </Text>
          )}
          <MasterTree
            nodes={masterFields}
            depth={0}
            tree={fields}
            onCopy={
              isTranslating
                ? undefined
                : (field) => {
                    onChange([...fields, copyMasterField(field)]);
                    setStatus(t("template:editor.copied", { name: field.name }));
                  }
            }
          />
        </Box>
      )}
      <Box as="section" aria-labelledby="template-tree-title" flex="1" minW={0}>
        <HStack justify="space-between" wrap="wrap" gap={2} mb={2}>
          <Heading as="h3" id="template-tree-title" size="md">
            {t("template:editor.template_fields")}
          </Heading>
          {!isTranslating && (
            <Button size="sm" colorPalette="teal" variant="outline" onClick={onAdd}>
              <PlusIcon />
              {t("template:editor.add_field")}
            </Button>
          )}
        </HStack>
        {fields.length === 0 ? (
          <Text color="gray.700">{t("template:editor.empty_fields")}</Text>
        ) : (
          <TemplateTree
            nodes={fields}
            root={fields}
            depth={0}
            isTranslating={isTranslating}
            errors={errors}
            drag={drag}
            setDrag={setDrag}
            onMove={move}
            onDrop={(id, targetId, position) => {
              const next = dropField(fields, id, targetId, position);
              if (next) onChange(next);
            }}
            onEdit={onEdit}
            onRemove={setRemoving}
          />
        )}
        <Box srOnly aria-live="polite">
          {status}
        </Box>
      </Box>
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        role="alertdialog"
        closeOnOutsideClick
        title={t("template:editor.remove_title", { name: removing?.name ?? "" })}
        description={t("template:editor.remove_body")}
        footer={
          <HStack gap={3}>
            <Button variant="outline" onClick={() => setRemoving(null)}>
              {t("form:cancel")}
            </Button>
            <Button
              colorPalette="red"
              onClick={() => {
                if (removing) onChange(removeField(fields, removing.fieldId));
                setRemoving(null);
              }}
            >
              {t("template:editor.remove_confirm")}
            </Button>
          </HStack>
        }
      />
    </Stack>
  );
}

function findName(tree: CCAField[], id: string): string {
  for (const f of tree) {
    if (f.fieldId === id) return f.name || f.fieldId;
    const inner = findName(f.children, id);
    if (inner) return inner;
  }
  return "";
}

export default FieldTreeEditor;
