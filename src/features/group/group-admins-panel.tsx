import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import type { GroupAdministrators } from "@/contracts/group";
import type { UserIbp } from "@/contracts/user";
import { FormAlert, RadioField } from "@/components/form/fields";
import { PeopleList } from "@/components/group/people-list";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/components/ui/toaster";
import { getBrowserClient } from "@/lib/api/client";
import { addGroupAdministrators, fetchGroupAdministrators, removeGroupAdministrator } from "@/lib/api/groups";
import { groupErrorMessage, groupFailureDetail } from "@/lib/groups/group-error";
import { PersonPicker, type PickedPerson } from "./person-picker";
import { queryKeys } from "@/lib/query/query-keys";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";

type AdminRole = "founder" | "moderator";

interface Removal {
  person: UserIbp;
  role: AdminRole;
}

/** Founders and moderators: listed with remove (after a confirmation), and added by user search or e-mail. */
export function GroupAdminsPanel({ groupId, initial, linkPrefix }: { groupId: number; initial: GroupAdministrators | null; linkPrefix: string }) {
  const { t } = useTranslation();
  const refreshAfterWrite = useRefreshAfterWrite();
  const admins = useQuery({
    queryKey: queryKeys.groupAdministrators(groupId),
    queryFn: () => fetchGroupAdministrators(getBrowserClient(), groupId),
    initialData: initial ?? undefined,
  });
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [removing, setRemoving] = useState(false);
  const [role, setRole] = useState<AdminRole>("moderator");
  const [picked, setPicked] = useState<PickedPerson[]>([]);
  const [adding, setAdding] = useState(false);
  const [addFailure, setAddFailure] = useState<string | null>(null);

  const refresh = () => refreshAfterWrite({ queries: [queryKeys.groupAdministrators(groupId)] });

  const remove = async () => {
    if (!removal) return;
    setRemoving(true);
    try {
      await removeGroupAdministrator(getBrowserClient(), groupId, removal.person.id);
      notify.success(t("group:admins.removed", { name: removal.person.name }));
      setRemoval(null);
      await refresh();
    } catch (error) {
      notify.error(t("group:admins.remove_failed", { name: removal.person.name }), groupErrorMessage(t, error, "admins"));
    } finally {
      setRemoving(false);
    }
  };

  const add = async () => {
    setAddFailure(null);
    if (picked.length === 0) {
      setAddFailure(t("group:admins.nothing_selected"));
      return;
    }
    const ids = picked.flatMap((p) => (p.kind === "user" ? [p.user.id] : []));
    const emails = picked.flatMap((p) => (p.kind === "email" ? [p.email] : []));
    setAdding(true);
    try {
      await addGroupAdministrators(getBrowserClient(), {
        userGroupId: groupId,
        founderIds: role === "founder" ? ids : [],
        moderatorsIds: role === "moderator" ? ids : [],
        founderEmail: role === "founder" ? emails : [],
        moderatorsEmail: role === "moderator" ? emails : [],
      });
      notify.success(t("group:admins.added"));
      setPicked([]);
      await refresh();
    } catch (error) {
      setAddFailure(`${t("group:admins.add_failed")}: ${groupFailureDetail(t, error)}`);
    } finally {
      setAdding(false);
    }
  };

  const removeButton = (roleOf: AdminRole) =>
    function RemoveButton(person: UserIbp) {
      return (
        <Button size="xs" variant="outline" colorPalette="red" aria-label={t("group:admins.remove_named", { name: person.name })} onClick={() => setRemoval({ person, role: roleOf })}>
          {t("group:admins.remove")}
        </Button>
      );
    };

  const current = admins.data;
  const existingIds = current ? [...current.founderList, ...current.moderatorList].map((p) => p.id) : [];

  return (
    <Box as="section" aria-labelledby="group-admins">
      <Heading as="h2" id="group-admins" size="lg" mb={2}>
        {t("group:admins.title")}
      </Heading>
      <Text color="gray.600" fontSize="sm" mb={4}>
        {t("group:admins.hint")}
      </Text>
      {current ? (
        <Stack gap={5}>
          <Box>
            <Heading as="h3" size="md" mb={2}>
              {t("group:admins.founders")}
            </Heading>
            <PeopleList people={current.founderList} linkPrefix={linkPrefix} empty={t("group:admins.none")} action={removeButton("founder")} label={t("group:admins.founders")} />
          </Box>
          <Box>
            <Heading as="h3" size="md" mb={2}>
              {t("group:admins.moderators")}
            </Heading>
            <PeopleList people={current.moderatorList} linkPrefix={linkPrefix} empty={t("group:admins.none")} action={removeButton("moderator")} label={t("group:admins.moderators")} />
          </Box>
        </Stack>
      ) : admins.isPending ? (
        <Text color="gray.700" role="status">
          {t("common:loading")}
        </Text>
      ) : (
        <FormAlert status="warning" title={t("group:admins.load_failed")} />
      )}
      <Box mt={6} bg="gray.50" borderWidth="1px" borderRadius="md" p={4}>
        <Heading as="h3" size="md" mb={3}>
          {t("group:admins.add_title")}
        </Heading>
        <Stack gap={4}>
          <RadioField
            label={t("group:admins.role")}
            name="admin-role"
            value={role}
            onChange={(v) => setRole(v as AdminRole)}
            options={[
              { value: "founder", label: t("group:admins.role_founder") },
              { value: "moderator", label: t("group:admins.role_moderator") },
            ]}
          />
          <PersonPicker label={t(role === "founder" ? "group:admins.role_founder" : "group:admins.role_moderator")} picked={picked} onChange={setPicked} allowEmail excludeIds={existingIds} />
          {addFailure ? <FormAlert title={addFailure} /> : null}
          <Box>
            <Button onClick={() => void add()} loading={adding}>
              {t("group:admins.add")}
            </Button>
          </Box>
        </Stack>
      </Box>
      <Modal
        open={removal !== null}
        onClose={() => setRemoval(null)}
        role="alertdialog"
        closeOnOutsideClick
        title={removal ? t("group:admins.remove_title", { name: removal.person.name }) : ""}
        description={removal ? t("group:admins.remove_body", { name: removal.person.name, role: t(removal.role === "founder" ? "group:admins.founder" : "group:admins.moderator") }) : ""}
        footer={
          <>
            <Button variant="outline" onClick={() => setRemoval(null)}>
              {t("membership:join.cancel")}
            </Button>
            <Button colorPalette="red" onClick={() => void remove()} loading={removing}>
              {t("group:admins.remove")}
            </Button>
          </>
        }
      />
    </Box>
  );
}
