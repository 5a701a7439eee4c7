import { Box, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Field } from "@/components/ui/chakra/field";
import { Input } from "@/components/ui/chakra/input";
import { NativeSelect } from "@/components/ui/chakra/native-select";
import Head from "next/head";
import { useRouter } from "next/router";
import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useId, useRef, useState } from "react";
import SITE_CONFIG from "@site-config";
import type { UserListItem } from "@/contracts/user";
import type { LayoutData } from "@/contracts/layout";
import { AppLink } from "@/components/ui/app-link";
import { ListScreen } from "@/components/list/list-screen";
import { UserAvatar } from "@/components/ui/user-avatar";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { fetchUserList } from "@/lib/api/users";
import { groupHref } from "@/lib/group-link";
import { useDeferredQueries } from "@/lib/query/deferred-queries";
import { FILTER_ROLES, parseUserListQuery, roleKey, userListSearch, type UserListParams } from "./user-list-query";
import type { UserListProps } from "./user-list.ssr";
import { queryKeys } from "@/lib/query/query-keys";

export const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZE = SITE_CONFIG.PAGINATION.DEFAULT_LIMIT;

function sameParams(a: UserListParams, b: UserListParams): boolean {
  return a.name === b.name && a.role === b.role && a.page === b.page;
}

function UserCard({ user, href }: { user: UserListItem; href: string }) {
  return (
    <Box as="li" bg="white" borderWidth="1px" borderRadius="lg" p={4} display="flex" gap={4} alignItems="center" minW={0}>
      <UserAvatar name={user.name} profilePic={user.profilePic} size={56} />
      <Box minW={0}>
        <AppLink href={href} fontWeight="semibold" color="teal.800" lineClamp={2}>
          {user.name}
        </AppLink>
        {user.institution ? (
          <Text fontSize="sm" color="gray.600" lineClamp={2}>
            {user.institution}
          </Text>
        ) : null}
      </Box>
    </Box>
  );
}

/** /user/list: the member directory, searchable by name and filterable by role, 10 per page. */
export function UserListScreen({ params: serverParams, initial, layout }: UserListProps & { layout: LayoutData }) {
  const { t } = useTranslation();
  const router = useRouter();
  const prefix = layout.currentGroup.linkPrefix;
  const params = router.isReady ? parseUserListQuery(router.query) : serverParams;
  const searchId = useId();
  const roleId = useId();

  // The server's first page needs no react-query; another page, search or role loads it.
  const { results, live } = useDeferredQueries({
    users: {
      queryKey: queryKeys.users(params.name, params.role, params.page),
      queryFn: async () => fetchUserList(await loadBrowserClient(), params),
      initialData: sameParams(params, serverParams) && initial ? initial : undefined,
      staleTime: 30_000,
      keepPrevious: true,
    },
  });
  const query = results.users;

  const navigate = (next: UserListParams, mode: "push" | "replace") => {
    const { groupName } = router.query;
    const search = { ...(typeof groupName === "string" ? { groupName } : {}), ...userListSearch(next) };
    void router[mode]({ pathname: router.pathname, query: search }, undefined, { shallow: true, scroll: mode === "push" });
  };

  // Typing in the search box: the URL (and the list) follow 300 ms after the last key.
  const [text, setText] = useState(params.name);
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => {
      typed.current = false;
      if (text.trim() !== params.name) navigate({ ...params, name: text.trim(), page: 1 }, "replace");
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs per keystroke; params are read at that time
  }, [text]);
  // Back/forward: the box shows the URL's search again.
  useEffect(() => {
    if (!typed.current) setText(params.name);
  }, [params.name]);

  const data = query.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.totalCount / PAGE_SIZE)) : 1;
  const pageHref = (page: number) => {
    const search = new URLSearchParams(userListSearch({ ...params, page })).toString();
    return `${groupHref(prefix, "/user/list")}${search ? `?${search}` : ""}`;
  };

  return (
    <>
      <Head>
        <title>{t("user:list.title")}</title>
      </Head>
      <ListScreen
        title={t("user:list.title")}
        narrow
        controls={
          <Stack
            as="form"
            role="search"
            direction={{ base: "column", md: "row" }}
            gap={4}
            mb={6}
            align={{ md: "flex-end" }}
            onSubmit={(e) => {
              e.preventDefault();
              typed.current = false;
              navigate({ ...params, name: text.trim(), page: 1 }, "replace");
            }}
          >
            <Field.Root flex="2">
              <Field.Label htmlFor={searchId}>{t("user:list.search")}</Field.Label>
              <Input
                id={searchId}
                type="search"
                name="name"
                bg="white"
                value={text}
                placeholder={t("user:list.search_placeholder")}
                onChange={(e) => {
                  typed.current = true;
                  setText(e.target.value);
                }}
              />
            </Field.Root>
            <Field.Root flex="1">
              <Field.Label htmlFor={roleId}>{t("user:list.role_filter")}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field id={roleId} name="role" bg="white" value={params.role} onChange={(e) => navigate({ ...params, role: e.target.value, page: 1 }, "push")}>
                  <option value="">{t("user:list.all_roles")}</option>
                  {FILTER_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {t(`user:roles.${roleKey(role)}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </Stack>
        }
        count={data ? t("user:list.count", { count: data.totalCount }) : ""}
        countTone="muted"
        isFetching={query.isFetching}
        data={data}
        failed={query.isError}
        isEmpty={(shown) => shown.userList.length === 0}
        errorText={t("user:list.error")}
        retryLabel={t("common:error.retry")}
        onRetry={() => query.refetch()}
        loadingLabel={t("common:loading")}
        emptyContent={<Text>{t("user:list.empty")}</Text>}
        pager={{ page: params.page, totalPages, hrefOf: pageHref, onPage: (page) => navigate({ ...params, page }, "push") }}
      >
        {(shown) => (
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap={4} aria-busy={query.isFetching}>
            {shown.userList.map((user) => (
              <UserCard key={user.id} user={user} href={groupHref(prefix, `/user/show/${user.id}`)} />
            ))}
          </SimpleGrid>
        )}
      </ListScreen>
      {live}
    </>
  );
}
