import type { Translate } from "next-translate";
import useTranslation from "next-translate/useTranslation";
import { useEffect, useRef, useState, type DragEvent } from "react";
import { Box, Button, Heading, HStack, IconButton, Text } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import type { PageTreeNode } from "@/contracts/page";
import { AppLink } from "@/components/ui/app-link";
import { ChevronDownIcon } from "@/components/ui/icons";
import { getBrowserClient } from "@/lib/api/client";
import { apiErrorMessage } from "@/lib/api/error-message";
import { ApiError } from "@/lib/api/api-error";
import { updatePageTree } from "@/lib/api/pages";
import { groupHref } from "@/lib/group-link";
import { ArrowDownIcon, ArrowUpIcon, GripIcon, IndentIcon, LockIcon, OutdentIcon } from "./page-icons";
import { applyDrop, applyMove, canMove, toTreeItems, type DropPosition, type TreeMove } from "./page-tree-moves";

interface Props {
  tree: PageTreeNode[];
  currentId: number;
  linkPrefix: string;
  /** Shows "Reorder pages" (admins, page editors, the group's founders and moderators). */
  canEdit?: boolean;
}

type SaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "failed"; reason: string };

const MOVES: { move: TreeMove; label: string; Icon: (props: React.SVGProps<SVGSVGElement>) => React.ReactElement }[] = [
  { move: "up", label: "page:reorder.move_up", Icon: ArrowUpIcon },
  { move: "down", label: "page:reorder.move_down", Icon: ArrowDownIcon },
  { move: "outdent", label: "page:reorder.outdent", Icon: OutdentIcon },
  { move: "indent", label: "page:reorder.indent", Icon: IndentIcon },
];

interface ListProps {
  nodes: PageTreeNode[];
  depth: number;
  currentId: number;
  linkPrefix: string;
  collapsed: ReadonlySet<number>;
  onToggle: (id: number) => void;
}

/** Plain links, every level, the current page marked; levels fold with a toggle button. */
function TreeList({ nodes, depth, currentId, linkPrefix, collapsed, onToggle }: ListProps) {
  const { t } = useTranslation("page");
  return (
    <Box as="ul" listStyleType="none" pl={depth === 0 ? 0 : 4} m={0}>
      {nodes.map((node) => {
        const isCurrent = node.id === currentId;
        const hasChildren = node.children.length > 0;
        const isOpen = !collapsed.has(node.id);
        const childrenId = `page-tree-children-${node.id}`;
        return (
          <Box as="li" key={node.id}>
            <HStack gap={0} align="stretch">
              <AppLink
                href={groupHref(linkPrefix, `/page/show/${node.id}`)}
                aria-current={isCurrent ? "page" : undefined}
                display="block"
                flex="1"
                px={3}
                py={2}
                borderRadius="sm"
                bg={isCurrent ? "teal.50" : undefined}
                fontWeight={isCurrent || depth === 0 ? "semibold" : "normal"}
                color={isCurrent ? "teal.800" : "gray.800"}
              >
                {node.title}
              </AppLink>
              {hasChildren && (
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-expanded={isOpen}
                  aria-controls={childrenId}
                  aria-label={t(isOpen ? "page:sidebar.collapse" : "page:sidebar.expand", { title: node.title })}
                  onClick={() => onToggle(node.id)}
                >
                  <ChevronDownIcon style={{ transform: isOpen ? undefined : "rotate(-90deg)", transition: "transform .15s" }} />
                </IconButton>
              )}
            </HStack>
            {hasChildren && (
              <Box id={childrenId} hidden={!isOpen}>
                <TreeList nodes={node.children} depth={depth + 1} currentId={currentId} linkPrefix={linkPrefix} collapsed={collapsed} onToggle={onToggle} />
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

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
  const translated = apiErrorMessage(t, error);
  // The platform's own reason (e.g. a cycle) is the useful part of a 400.
  return e.status === 400 && e.message ? `${translated} (${e.message})` : translated;
}

/**
 * The page sidebar: the whole tree of the current group and language (every level), current page
 * marked. Editors get "Reorder pages": drag and drop, or move buttons per page; every change is saved
 * at once through updateTree, a failure puts back the last saved order and says why.
 */
export function PageTreeNav({ tree: serverTree, currentId, linkPrefix, canEdit = false }: Props) {
  const { t } = useTranslation("page");
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [reorder, setReorder] = useState(false);
  const [source, setSource] = useState(serverTree);
  const [tree, setTree] = useState(serverTree);
  const [saved, setSaved] = useState(serverTree);
  const [status, setStatus] = useState<SaveState>({ kind: "idle" });
  const [drag, setDrag] = useState<{ id: number | null; over: { id: number; position: DropPosition } | null }>({ id: null, over: null });
  const focusAfter = useRef<string | null>(null);

  // A new server tree (navigation to another page) replaces the local one.
  if (source !== serverTree && status.kind !== "saving") {
    setSource(serverTree);
    setTree(serverTree);
    setSaved(serverTree);
  }

  useEffect(() => {
    if (!focusAfter.current) return;
    const el = document.querySelector<HTMLElement>(`[data-move="${focusAfter.current}"]`);
    focusAfter.current = null;
    el?.focus();
  }, [tree]);

  const save = async (next: PageTreeNode[]) => {
    setTree(next);
    setStatus({ kind: "saving" });
    try {
      const answered = await updatePageTree(getBrowserClient(), toTreeItems(next));
      setTree(answered);
      setSaved(answered);
      setStatus({ kind: "saved" });
      void queryClient.invalidateQueries({ queryKey: ["pageTree"] });
    } catch (error) {
      setTree(saved);
      setStatus({ kind: "failed", reason: failureReason(t, error) });
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
  const toggle = (id: number) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (tree.length === 0) return null;
  const busy = status.kind === "saving";
  return (
    <Box as="nav" aria-labelledby="page-tree-title" bg="white" borderWidth="1px" borderRadius="md" p={3}>
      <Heading as="h2" id="page-tree-title" size="sm" px={3} py={2} display={{ base: "none", lg: "block" }}>
        {t("page:sidebar.title")}
      </Heading>
      <Button
        display={{ base: "flex", lg: "none" }}
        width="full"
        variant="outline"
        aria-expanded={open}
        aria-controls="page-tree-list"
        onClick={() => setOpen((v) => !v)}
      >
        {t("page:sidebar.toggle")}
      </Button>
      <Box id="page-tree-list" display={{ base: open ? "block" : "none", lg: "block" }} mt={{ base: open ? 2 : 0, lg: 0 }}>
        {canEdit && (
          <Box px={1} pb={2}>
            <Button
              size="sm"
              width="full"
              variant={reorder ? "solid" : "outline"}
              colorPalette={reorder ? "red" : "gray"}
              bg={reorder ? "red.700" : undefined}
              _hover={reorder ? { bg: "red.800" } : undefined}
              aria-pressed={reorder}
              onClick={() => {
                setReorder((r) => !r);
                setStatus((s) => (s.kind === "saving" ? s : { kind: "idle" }));
              }}
            >
              <LockIcon />
              {reorder ? t("page:reorder.done") : t("page:reorder.start")}
            </Button>
            {reorder && (
              <Text fontSize="xs" color="gray.700" mt={2} id="page-reorder-help">
                {t("page:reorder.help")}
              </Text>
            )}
            <Text
              role="status"
              aria-live="polite"
              fontSize="sm"
              mt={reorder || status.kind !== "idle" ? 2 : 0}
              color={status.kind === "failed" ? "red.700" : status.kind === "saved" ? "green.700" : "gray.700"}
              fontWeight={status.kind === "idle" ? undefined : "medium"}
            >
              {status.kind === "saving"
                ? t("page:reorder.saving")
                : status.kind === "saved"
                  ? t("page:reorder.saved")
                  : status.kind === "failed"
                    ? t("page:reorder.failed", { reason: status.reason })
                    : ""}
            </Text>
          </Box>
        )}
        {reorder && canEdit ? (
          <ReorderList nodes={tree} root={tree} depth={0} currentId={currentId} busy={busy} onMove={onMove} onDrop={onDrop} drag={drag} setDrag={setDrag} />
        ) : (
          <TreeList nodes={tree} depth={0} currentId={currentId} linkPrefix={linkPrefix} collapsed={collapsed} onToggle={toggle} />
        )}
      </Box>
    </Box>
  );
}
