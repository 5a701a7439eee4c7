import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Field } from "@/components/ui/chakra/field";
import { Input } from "@/components/ui/chakra/input";
import useTranslation from "@/lib/i18n/use-translation";
import { useEffect, useRef, useState } from "react";
import type { CCAData } from "@/contracts/cca-data";
import type { UserIbp } from "@/contracts/user";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toaster";
import { UserAvatar } from "@/components/ui/user-avatar";
import { getBrowserClient } from "@/lib/api/client";
import { updateEditors } from "@/lib/api/cca-social";
import { searchUsers } from "@/lib/api/users";
import { socialErrorText } from "./social-errors";

export interface EditorsDialogProps {
  record: CCAData;
  contributors: UserIbp[];
  title: string;
  /** `changed`: the editors were saved at least once (the page re-reads them). */
  onClose: (changed: boolean) => void;
}

type Search = { state: "idle" } | { state: "loading" } | { state: "failed" } | { state: "done"; users: UserIbp[] };

const SEARCH_MIN = 2;
const SEARCH_DELAY_MS = 300;

function Person({ user, children }: { user: UserIbp; children?: React.ReactNode }) {
  return (
    <HStack as="li" justify="space-between" gap={3} py={1}>
      <HStack gap={2} minW={0}>
        <UserAvatar name={user.name} profilePic={user.profilePic} size={28} />
        <Text overflowWrap="anywhere">{user.name}</Text>
      </HStack>
      {children}
    </HStack>
  );
}

/** The editors of a record (owner, data curators, admins): search people by name, add, remove; each change saved at once. */
export default function EditorsDialog({ record, contributors, title, onClose }: EditorsDialogProps) {
  const { t, lang } = useTranslation();
  const language = lang === "hi" ? "hi" : "en";
  const owner = contributors.find((u) => String(u.id) === record.userId) ?? null;
  const [editors, setEditors] = useState<UserIbp[]>(() => contributors.filter((u) => record.allowedUsers.includes(String(u.id))));
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState<Search>({ state: "idle" });
  const [busyId, setBusyId] = useState<number | null>(null);
  const changed = useRef(false);
  const searchRound = useRef(0);

  useEffect(() => {
    const name = query.trim();
    const round = ++searchRound.current;
    if (name.length < SEARCH_MIN) {
      const idle = setTimeout(() => setSearch({ state: "idle" }), 0);
      return () => clearTimeout(idle);
    }
    const timer = setTimeout(() => {
      setSearch({ state: "loading" });
      searchUsers(getBrowserClient(), name)
        .then((users) => round === searchRound.current && setSearch({ state: "done", users }))
        .catch(() => round === searchRound.current && setSearch({ state: "failed" }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const save = async (next: UserIbp[], person: UserIbp, added: boolean) => {
    setBusyId(person.id);
    try {
      const updated = await updateEditors(getBrowserClient(), record.id, next.map((u) => u.id), language);
      const known = new Map([...next, ...editors].map((u) => [String(u.id), u]));
      setEditors(updated.allowedUsers.map((id) => known.get(id)).filter((u): u is UserIbp => u !== undefined));
      changed.current = true;
      notify.success(t(added ? "contribute:editors.added" : "contribute:editors.removed", { name: person.name }));
    } catch (error) {
      notify.error(t("contribute:editors.error"), socialErrorText(t, error));
    } finally {
      setBusyId(null);
    }
  };

  const isEditor = (user: UserIbp) => editors.some((e) => e.id === user.id);
  const close = () => onClose(changed.current);
  const results = search.state === "done" ? search.users.filter((u) => String(u.id) !== record.userId) : [];

  return (
    <Modal
      open
      onClose={close}
      title={t("contribute:editors.title", { title })}
      description={t("contribute:editors.description")}
      footer={
        <Button variant="outline" onClick={close}>
          {t("contribute:editors.close")}
        </Button>
      }
    >
      <Stack gap={5}>
        {owner ? (
          <Box>
            <Text fontWeight="semibold" fontSize="sm" color="gray.600">
              {t("contribute:editors.owner")}
            </Text>
            <Box as="ul" listStyleType="none" m={0} p={0}>
              <Person user={owner} />
            </Box>
          </Box>
        ) : null}
        <Box>
          <Text fontWeight="semibold" fontSize="sm" color="gray.600" id="editors-current">
            {t("contribute:editors.current")}
          </Text>
          {editors.length === 0 ? (
            <Text color="gray.600">{t("contribute:editors.empty")}</Text>
          ) : (
            <Box as="ul" listStyleType="none" m={0} p={0} aria-labelledby="editors-current">
              {editors.map((user) => (
                <Person key={user.id} user={user}>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={t("contribute:editors.remove_name", { name: user.name })}
                    loading={busyId === user.id}
                    disabled={busyId !== null}
                    onClick={() => void save(editors.filter((e) => e.id !== user.id), user, false)}
                  >
                    {t("contribute:editors.remove")}
                  </Button>
                </Person>
              ))}
            </Box>
          )}
        </Box>
        <Field.Root>
          <Field.Label>{t("contribute:editors.search_label")}</Field.Label>
          <Input type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
          <Field.HelperText>{t("contribute:editors.search_hint")}</Field.HelperText>
        </Field.Root>
        <Box aria-live="polite">
          {search.state === "loading" ? <Text color="gray.600">{t("contribute:editors.searching")}</Text> : null}
          {search.state === "failed" ? (
            <Text role="alert" color="red.700">
              {t("contribute:editors.search_failed")}
            </Text>
          ) : null}
          {search.state === "done" && results.length === 0 ? <Text color="gray.600">{t("contribute:editors.no_results")}</Text> : null}
          {results.length > 0 ? (
            <Box as="ul" listStyleType="none" m={0} p={0}>
              {results.map((user) => (
                <Person key={user.id} user={user}>
                  {isEditor(user) ? (
                    <Text fontSize="sm" color="gray.600">
                      {t("contribute:editors.is_editor")}
                    </Text>
                  ) : (
                    <Button
                      size="xs"
                      colorPalette="teal"
                      aria-label={t("contribute:editors.add_name", { name: user.name })}
                      loading={busyId === user.id}
                      disabled={busyId !== null}
                      onClick={() => void save([...editors, user], user, true)}
                    >
                      {t("contribute:editors.add")}
                    </Button>
                  )}
                </Person>
              ))}
            </Box>
          ) : null}
        </Box>
      </Stack>
    </Modal>
  );
}
