import useTranslation from "next-translate/useTranslation";
import { useState } from "react";
import { Box, Button, Heading } from "@chakra-ui/react";
import type { PageTreeNode } from "@/contracts/page";
import { AppLink } from "@/components/ui/app-link";
import { groupHref } from "@/lib/group-link";

interface Props {
  tree: PageTreeNode[];
  currentId: number;
  linkPrefix: string;
}

function TreeList({ nodes, currentId, linkPrefix, depth }: Props & { nodes: PageTreeNode[]; depth: number }) {
  return (
    <Box as="ul" listStyleType="none" pl={depth === 0 ? 0 : 4} m={0}>
      {nodes.map((node) => {
        const isCurrent = node.id === currentId;
        return (
          <Box as="li" key={node.id}>
            <AppLink
              href={groupHref(linkPrefix, `/page/show/${node.id}`)}
              aria-current={isCurrent ? "page" : undefined}
              display="block"
              px={3}
              py={2}
              borderRadius="sm"
              bg={isCurrent ? "teal.50" : undefined}
              fontWeight={isCurrent || depth === 0 ? "semibold" : "normal"}
              color={isCurrent ? "teal.800" : "gray.800"}
            >
              {node.title}
            </AppLink>
            {node.children.length > 0 && (
              <TreeList nodes={node.children} tree={[]} currentId={currentId} linkPrefix={linkPrefix} depth={depth + 1} />
            )}
          </Box>
        );
      })}
    </Box>
  );
}

/** The page sidebar: the whole tree of the current group and language (every level), current page marked. */
export function PageTreeNav({ tree, currentId, linkPrefix }: Props) {
  const { t } = useTranslation("page");
  const [open, setOpen] = useState(false);
  if (tree.length === 0) return null;
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
        <TreeList nodes={tree} tree={tree} currentId={currentId} linkPrefix={linkPrefix} depth={0} />
      </Box>
    </Box>
  );
}
