import type { Translate } from "next-translate";
import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useRef, useState, type DragEvent } from "react";
import { Box, HStack, IconButton, Text } from "@chakra-ui/react";
import { isFieldErrorKey } from "@/contracts/field-errors";
import type { PageTreeNode } from "@/contracts/page";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage, translateMessage } from "@/lib/api/error-message";
import { ApiError } from "@/lib/api/api-error";
import { updatePageTree } from "@/lib/api/pages";
import { withQueryClient } from "@/lib/query/query-client";
import { queryKeys } from "@/lib/query/query-keys";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";
import { languageIdFor } from "@site-config";
import { ArrowDownIcon, ArrowUpIcon, GripIcon, IndentIcon, OutdentIcon } from "./page-icons";
import { applyDrop, applyMove, canMove, toTreeItems, type DropPosition, type TreeMove } from "./page-tree-moves";

/* Reorder mode of the page sidebar, loaded (next/dynamic) only when an editor switches it on. */

export type SaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "failed"; reason: string };

const MOVES: { move: TreeMove; label: string; Icon: (props: React.SVGProps<SVGSVGElement>) => React.ReactElement }[] = [
  { move: "up", label: "page:reorder.move_up", Icon: ArrowUpIcon },
  { move: "down", label: "page:reorder.move_down", Icon: ArrowDownIcon },
  { move: "outdent", label: "page:reorder.outdent", Icon: OutdentIcon },
  { move: "indent", label: "page:reorder.indent", Icon: IndentIcon },
];

interface ReorderListProps {
  nodes: PageTreeNode[];
  root: PageTreeNode[];
  depth: number;
  currentId: number;
  busy: boolean;
  onMove: (id: number, move: TreeMove) => void;
  onDrop: (id: number, targetId: number, position: DropPosition) => void;
  drag: { id: number | null; over: { id: number; position: DropPosition } | null };
  setDrag: (drag: { id: number | null; over: { id: number; position: DropPosition } | null }) => void;
}

function dropPositionOf(e: DragEvent<HTMLElement>): DropPosition {
  const box = e.currentTarget.getBoundingClientRect();
  const y = (e.clientY - box.top) / Math.max(box.height, 1);
  return y < 0.3 ? "before" : y > 0.7 ? "after" : "inside";
}

/** Reorder mode: each row can be dragged, and has move buttons named after its page. */
function ReorderList({ nodes, root, depth, currentId, busy, onMove, onDrop, drag, setDrag }: ReorderListProps) {
  const { t } = useTranslation("page");
  return (
    <Box as="ul" listStyleType="none" pl={depth === 0 ? 0 : 5} m={0}>
      {nodes.map((node) => {
        const over = drag.over?.id === node.id ? drag.over.position : null;
        return (
          <Box as="li" key={node.id} data-page-id={node.id}>
            <Box
              draggable={!busy}
              onDragStart={(e: DragEvent<HTMLElement>) => {
                e.stopPropagation();
                e.dataTransfer.effectAllowed = "move";
                e.dataTransfer.setData("text/plain", String(node.id));
                setDrag({ id: node.id, over: null });
              }}
              onDragOver={(e: DragEvent<HTMLElement>) => {
                if (drag.id === null || drag.id === node.id) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = "move";
                const position = dropPositionOf(e);
                if (drag.over?.id !== node.id || drag.over.position !== position) setDrag({ id: drag.id, over: { id: node.id, position } });
              }}
              onDrop={(e: DragEvent<HTMLElement>) => {
                e.preventDefault();
                if (drag.id !== null && drag.id !== node.id) onDrop(drag.id, node.id, dropPositionOf(e));
                setDrag({ id: null, over: null });
              }}
              onDragEnd={() => setDrag({ id: null, over: null })}
              my={1}
              borderWidth="1px"
              borderRadius="md"
              borderColor={over === "inside" ? "teal.500" : "gray.200"}
              borderTopColor={over === "before" ? "teal.500" : undefined}
              borderBottomColor={over === "after" ? "teal.500" : undefined}
              borderTopWidth={over === "before" ? "3px" : "1px"}
              borderBottomWidth={over === "after" ? "3px" : "1px"}
              bg={node.id === currentId ? "teal.50" : drag.id === node.id ? "gray.100" : "white"}
              px={2}
              py={1}
            >
              <HStack gap={2} minH="32px">
                <Box as="span" color="gray.500" cursor={busy ? "default" : "grab"} title={t("page:reorder.drag", { title: node.title })} aria-hidden="true">
                  <GripIcon />
                </Box>
                <Text as="span" flex="1" fontWeight={depth === 0 ? "semibold" : "normal"} fontSize="sm" aria-current={node.id === currentId ? "page" : undefined}>
                  {node.title}
                </Text>
              </HStack>
              <HStack gap={1} justify="flex-end">
                {MOVES.map(({ move, label, Icon }) => {
                  const possible = canMove(root, node.id, move);
                  return (
                    <IconButton
                      key={move}
                      size="xs"
                      variant="outline"
                      data-move={`${node.id}-${move}`}
                      aria-label={t(label, { title: node.title })}
                      aria-disabled={!possible || busy ? true : undefined}
                      title={!possible ? t("page:reorder.unavailable") : busy ? t("page:reorder.busy") : undefined}
                      opacity={possible ? 1 : 0.4}
                      onClick={() => {
                        if (possible && !busy) onMove(node.id, move);
                      }}
                    >
                      <Icon />
                    </IconButton>
                  );
                })}
              </HStack>
            </Box>
            {node.children.length > 0 && (
              <ReorderList nodes={node.children} root={root} depth={depth + 1} currentId={currentId} busy={busy} onMove={onMove} onDrop={onDrop} drag={drag} setDrag={setDrag} />
            )}
          </Box>
        );
      })}
    </Box>
  );
}

function failureReason(t: Translate, error: unknown): string {
  const e = ApiError.from(error);
  // The platform's reason for a refused order (e.g. a cycle) is a translation key in fieldErrors.
  const key = Object.values(e.fieldErrors ?? {}).find(isFieldErrorKey);
  if (key) return translateMessage(t, key) ?? apiErrorMessage(t, error);
  const translated = apiErrorMessage(t, error);
  return e.status === 400 && e.message ? `${translated} (${e.message})` : translated;
}

interface TreeReorderProps {
  /** The last saved tree. */
  tree: PageTreeNode[];
  currentId: number;
  /** A change was saved: the tree as the platform answered it. */
  onSaved: (tree: PageTreeNode[]) => void;
  onStatus: (status: SaveState) => void;
}

/**
 * Drag and drop, or move buttons per page; every change is saved at once through updateTree (the whole
 * tree, flat). A failure puts back the last saved order and reports the platform's reason.
 */
export function TreeReorder({ tree: saved, currentId, onSaved, onStatus }: TreeReorderProps) {
  const { t, lang } = useTranslation("page");
  const refresh = useRefreshAfterWrite();
  const [source, setSource] = useState(saved);
  const [tree, setTree] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [drag, setDrag] = useState<{ id: number | null; over: { id: number; position: DropPosition } | null }>({ id: null, over: null });
  const focusAfter = useRef<string | null>(null);

  if (source !== saved && !busy) {
    setSource(saved);
    setTree(saved);
  }

  // The moved page's control keeps the focus (its row may have been re-created elsewhere in the list).
  useEffect(() => {
    if (!focusAfter.current) return;
    const el = document.querySelector<HTMLElement>(`[data-move="${focusAfter.current}"]`);
    focusAfter.current = null;
    el?.focus();
  }, [tree]);

  const save = async (next: PageTreeNode[]) => {
    setTree(next);
    setBusy(true);
    onStatus({ kind: "saving" });
    try {
      const answered = await updatePageTree(getBrowserClient(), toTreeItems(next), languageIdFor(lang));
      setTree(answered);
      onSaved(answered);
      onStatus({ kind: "saved" });
      void refresh({ queries: [queryKeys.pageTreeAll()] });
    } catch (error) {
      setTree(saved);
      onStatus({ kind: "failed", reason: failureReason(t, error) });
    } finally {
      setBusy(false);
    }
  };

  const onMove = (id: number, move: TreeMove) => {
    const next = applyMove(tree, id, move);
    if (!next) return;
    focusAfter.current = `${id}-${move}`;
    void save(next);
  };
  const onDrop = (id: number, targetId: number, position: DropPosition) => {
    const next = applyDrop(tree, id, targetId, position);
    if (next) void save(next);
  };

  return <ReorderList nodes={tree} root={tree} depth={0} currentId={currentId} busy={busy} onMove={onMove} onDrop={onDrop} drag={drag} setDrag={setDrag} />;
}

// Loaded on demand, with the query cache it uses.
export default withQueryClient(TreeReorder);
