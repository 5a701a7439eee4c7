import { Box, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Input } from "@/components/ui/chakra/input";
import useTranslation from "@/lib/i18n/use-translation";
import { useCallback, useEffect, useState } from "react";
import { ROLES } from "@site-config";
import type { CCAData } from "@/contracts/cca-data";
import type { GroupListItem } from "@/contracts/group";
import { AppLink } from "@/components/ui/app-link";
import { EditIcon } from "@/components/ui/icons";
import { notify } from "@/components/ui/toaster";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { useSession } from "@/components/auth/session-context";

type Reach = { state: "loading" } | { state: "failed" } | { state: "ready"; groups: GroupListItem[] };

const FILTER_FROM = 7;

/** The groups of the record a visitor may change, and the list to send to keep the others. */
export function microsites(recordGroups: readonly string[], reachable: readonly GroupListItem[]) {
  const reach = new Set(reachable.map((g) => String(g.id)));
  return {
    shown: reachable.filter((g) => recordGroups.includes(String(g.id))),
    outOfReach: recordGroups.filter((id) => !reach.has(id)).map(Number),
  };
}

/**
 * The microsites box (screens §2.8.4): signed-in visitors who belong to at least one microsite see
 * which of theirs the record is posted in, and post it to or take it out of them. Admins reach every
 * microsite. Visitors never learn a record's microsites here.
 */
export function RecordMicrosites({ record, groups }: { record: CCAData; groups: GroupListItem[] }) {
  const { t, lang } = useTranslation();
  const { user } = useSession();
  const isAdmin = user?.roles.includes(ROLES.ADMIN) ?? false;
  const [reach, setReach] = useState<Reach>({ state: "loading" });
  const [state, setState] = useState({ source: record, usergroups: record.usergroups });
  let usergroups = state.usergroups;
  if (state.source !== record) {
    usergroups = record.usergroups;
    setState({ source: record, usergroups });
  }
  const [editing, setEditing] = useState(false);
  const [checked, setChecked] = useState<number[]>([]);
  const [filter, setFilter] = useState("");
  const [busy, setBusy] = useState(false);
  const nameOf = (g: GroupListItem) => (lang === "hi" && g.nameLocal ? g.nameLocal : g.name);

  const load = useCallback(async () => {
    setReach({ state: "loading" });
    if (isAdmin) {
      setReach({ state: "ready", groups });
      return;
    }
    try {
      const { fetchMembershipMap } = await import("@/lib/api/groups");
      const member = await fetchMembershipMap(await loadBrowserClient());
      setReach({ state: "ready", groups: groups.filter((g) => member[String(g.id)] === true) });
    } catch {
      setReach({ state: "failed" });
    }
  }, [groups, isAdmin]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the visitor's memberships are read once signed in
    if (user) void load();
  }, [user, load]);

  if (!user) return null;
  if (reach.state === "ready" && reach.groups.length === 0) return null;

  const { shown, outOfReach } = microsites(usergroups, reach.state === "ready" ? reach.groups : []);
  const startEditing = () => {
    setChecked(shown.map((g) => g.id));
    setFilter("");
    setEditing(true);
  };
  const save = async () => {
    setBusy(true);
    try {
      const { updateRecordGroups } = await import("@/lib/api/cca-social");
      const updated = await updateRecordGroups(await loadBrowserClient(), record.id, [...outOfReach, ...checked], lang === "hi" ? "hi" : "en");
      setState({ source: record, usergroups: updated.usergroups });
      setEditing(false);
      notify.success(t("contribute:microsites.saved"));
    } catch (error) {
      notify.error(t("contribute:microsites.error"), (await import("./social-errors")).socialErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  const choices = reach.state === "ready" ? reach.groups.filter((g) => nameOf(g).toLowerCase().includes(filter.trim().toLowerCase())) : [];

  return (
    <Box as="section" aria-labelledby="record-microsites-title" borderWidth="1px" borderRadius="md" p={4} my={6} className="cca-no-print">
      <HStack justify="space-between" mb={3} gap={3}>
        <Heading as="h2" size="md" id="record-microsites-title">
          {t("contribute:microsites.title")}
        </Heading>
        {reach.state === "ready" && !editing ? (
          <Button size="sm" variant="outline" onClick={startEditing}>
            <EditIcon aria-hidden="true" />
            {t("contribute:microsites.edit")}
          </Button>
        ) : null}
      </HStack>
      {reach.state === "loading" ? (
        <Text role="status" color="gray.600">
          {t("contribute:microsites.loading")}
        </Text>
      ) : null}
      {reach.state === "failed" ? (
        <HStack gap={3} role="alert">
          <Text color="red.700">{t("contribute:microsites.failed")}</Text>
          <Button size="sm" variant="outline" onClick={() => void load()}>
            {t("contribute:microsites.retry")}
          </Button>
        </HStack>
      ) : null}
      {reach.state === "ready" && !editing ? (
        shown.length === 0 ? (
          <Text color="gray.600">{t("contribute:microsites.none")}</Text>
        ) : (
          <HStack as="ul" listStyleType="none" m={0} p={0} gap={2} flexWrap="wrap">
            {shown.map((g) => (
              <Box as="li" key={g.id} borderWidth="1px" borderRadius="md" px={3} py={1} bg="gray.50">
                <AppLink href={g.webAddress} color="teal.700">
                  {nameOf(g)}
                </AppLink>
              </Box>
            ))}
          </HStack>
        )
      ) : null}
      {reach.state === "ready" && editing ? (
        <Stack gap={3}>
          <Text fontSize="sm" color="gray.700">
            {t("contribute:microsites.description")}
          </Text>
          {reach.groups.length >= FILTER_FROM ? (
            <Input type="search" size="sm" value={filter} onChange={(e) => setFilter(e.target.value)} aria-label={t("contribute:microsites.filter")} placeholder={t("contribute:microsites.filter")} />
          ) : null}
          <Stack as="fieldset" gap={1} maxH="16rem" overflowY="auto" border="none" m={0} p={0}>
            <legend className="cca-sr-only">{t("contribute:microsites.title")}</legend>
            {choices.length === 0 ? <Text color="gray.600">{t("contribute:microsites.no_match")}</Text> : null}
            {choices.map((g) => (
              <label key={g.id} style={{ display: "flex", gap: 8, alignItems: "center" }}>
                <input type="checkbox" checked={checked.includes(g.id)} onChange={(e) => setChecked((list) => (e.target.checked ? [...list, g.id] : list.filter((id) => id !== g.id)))} />
                {nameOf(g)}
              </label>
            ))}
          </Stack>
          <HStack gap={2}>
            <Button size="sm" colorPalette="teal" loading={busy} onClick={save}>
              {t("contribute:microsites.save")}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setEditing(false)} disabled={busy}>
              {t("contribute:microsites.cancel")}
            </Button>
          </HStack>
        </Stack>
      ) : null}
    </Box>
  );
}
