import useTranslation from "@/lib/i18n/use-translation";
import dynamic from "next/dynamic";
import { useState } from "react";
import NextLink from "next/link";
import { Box, Button, Text } from "@chakra-ui/react";
import type { PageTreeNode } from "@/contracts/page";
import { isAbsoluteUrl } from "@/components/ui/app-link";
import { ExternalMark } from "@/components/ui/external-mark";
import { ChevronDownIcon } from "@/components/ui/icons";
import { leavesSite } from "@/components/layout/page-tree";
import { groupHref } from "@/lib/group-link";
import { LazyNamespaces } from "@/lib/i18n/lazy-namespaces";
import { LockIcon } from "./page-icons";
import type { SaveState } from "./page-tree-reorder";

const TreeReorder = dynamic(() => import("./page-tree-reorder"), { ssr: false });

interface Props {
  tree: PageTreeNode[];
  currentId: number;
  linkPrefix: string;
  /** Shows "Reorder pages" (admins, page editors, the group's founders and moderators). */
  canEdit?: boolean;
}

interface ListProps {
  nodes: PageTreeNode[];
  depth: number;
  currentId: number;
  linkPrefix: string;
  collapsed: ReadonlySet<number>;
  onToggle: (id: number) => void;
}

/**
 * Plain links, every level, the current page marked; levels fold with a toggle button. Plain
 * elements and class names (page-styles.ts): this list is rendered for every visitor of every page.
 */
function TreeList({ nodes, depth, currentId, linkPrefix, collapsed, onToggle }: ListProps) {
  const { t } = useTranslation("page");
  return (
    <ul className="cca-tree">
      {nodes.map((node) => {
        const isCurrent = node.id === currentId;
        const hasChildren = node.children.length > 0;
        const isOpen = !collapsed.has(node.id);
        const childrenId = `page-tree-children-${node.id}`;
        const href = groupHref(linkPrefix, `/page/show/${node.id}`);
        return (
          <li key={node.id}>
            <div className="cca-tree__row">
              {isAbsoluteUrl(href) ? (
                <a href={href} className={depth === 0 ? "cca-tree__link cca-tree__link--top" : "cca-tree__link"} aria-current={isCurrent ? "page" : undefined}>
                  {node.title}
                  {leavesSite(node) && <ExternalMark />}
                </a>
              ) : (
                <NextLink href={href} className={depth === 0 ? "cca-tree__link cca-tree__link--top" : "cca-tree__link"} aria-current={isCurrent ? "page" : undefined}>
                  {node.title}
                  {leavesSite(node) && <ExternalMark />}
                </NextLink>
              )}
              {hasChildren && (
                <button
                  type="button"
                  className="cca-ps-icon-btn cca-tree__toggle"
                  aria-expanded={isOpen}
                  aria-controls={childrenId}
                  aria-label={t(isOpen ? "page:sidebar.collapse" : "page:sidebar.expand", { title: node.title })}
                  onClick={() => onToggle(node.id)}
                >
                  <ChevronDownIcon />
                </button>
              )}
            </div>
            {hasChildren && (
              <div id={childrenId} hidden={!isOpen}>
                <TreeList nodes={node.children} depth={depth + 1} currentId={currentId} linkPrefix={linkPrefix} collapsed={collapsed} onToggle={onToggle} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The page sidebar: the whole tree of the current group and language (every level), current page
 * marked. Editors get "Reorder pages" (drag and drop, or move buttons per page, each change saved at
 * once), with the saving / saved / failed state in a live status line.
 */
export function PageTreeNav({ tree: serverTree, currentId, linkPrefix, canEdit = false }: Props) {
  const { t } = useTranslation("page");
  const [open, setOpen] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [reorder, setReorder] = useState(false);
  const [source, setSource] = useState(serverTree);
  const [tree, setTree] = useState(serverTree);
  const [status, setStatus] = useState<SaveState>({ kind: "idle" });

  // A new server tree (navigation to another page) replaces the local one.
  if (source !== serverTree && status.kind !== "saving") {
    setSource(serverTree);
    setTree(serverTree);
  }

  const toggle = (id: number) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (tree.length === 0) return null;
  return (
    <nav aria-labelledby="page-tree-title" className="cca-tree-nav">
      <h2 id="page-tree-title" className="cca-ps-heading cca-tree-nav__title">
        {t("page:sidebar.title")}
      </h2>
      <button type="button" className="cca-ps-btn cca-tree-nav__toggle" aria-expanded={open} aria-controls="page-tree-list" onClick={() => setOpen((v) => !v)}>
        {t("page:sidebar.toggle")}
      </button>
      <div id="page-tree-list" className={open ? "cca-tree-nav__list--open" : "cca-tree-nav__list"}>
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
              {t("page:reorder.start")}
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
          <LazyNamespaces namespaces={["auth"]}>
            <TreeReorder tree={tree} currentId={currentId} onSaved={setTree} onStatus={setStatus} />
          </LazyNamespaces>
        ) : (
          <TreeList nodes={tree} depth={0} currentId={currentId} linkPrefix={linkPrefix} collapsed={collapsed} onToggle={toggle} />
        )}
      </div>
    </nav>
  );
}
