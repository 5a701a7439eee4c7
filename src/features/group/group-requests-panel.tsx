import { Box, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import useTranslation from "@/lib/i18n/use-translation";
import { useState } from "react";
import type { GroupJoinRequest } from "@/contracts/group";
import { FormAlert } from "@/components/form/fields";
import { AppLink } from "@/components/ui/app-link";
import { notify } from "@/components/ui/toaster";
import { UserAvatar } from "@/components/ui/user-avatar";
import { getBrowserClient } from "@/lib/api/client";
import { approveJoinRequest, fetchJoinRequests, refuseJoinRequest } from "@/lib/api/groups";
import { groupHref } from "@/lib/group-link";
import { groupErrorMessage } from "@/lib/groups/group-error";
import { dateTimeFormat } from "@/shared/format/intl";
import { queryKeys } from "@/lib/query/query-keys";
import { useRefreshAfterWrite } from "@/lib/query/refresh-after-write";

/** Pending requests to join, oldest first, each approved or refused at once. */
export function GroupRequestsPanel({ groupId, initial, linkPrefix }: { groupId: number; initial: GroupJoinRequest[] | null; linkPrefix: string }) {
  const { t, lang } = useTranslation();
  const refresh = useRefreshAfterWrite();
  const requests = useQuery({
    queryKey: queryKeys.groupRequests(groupId),
    queryFn: () => fetchJoinRequests(getBrowserClient(), groupId),
    initialData: initial ?? undefined,
  });
  const [busy, setBusy] = useState<number | null>(null);
  const dateFormat = dateTimeFormat(lang, { dateStyle: "medium", timeZone: "Asia/Kolkata" });

  const answer = async (request: GroupJoinRequest, approve: boolean) => {
    setBusy(request.userId);
    try {
      await (approve ? approveJoinRequest : refuseJoinRequest)(getBrowserClient(), groupId, request.userId);
      notify.success(t(approve ? "group:requests.approved" : "group:requests.refused", { name: request.name }));
      await refresh({ queries: [queryKeys.groupRequests(groupId)] });
    } catch (error) {
      notify.error(t("group:requests.failed"), groupErrorMessage(t, error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box as="section" aria-labelledby="group-requests">
      <Heading as="h2" id="group-requests" size="lg" mb={2}>
        {t("group:requests.title")}
      </Heading>
      <Text color="gray.600" fontSize="sm" mb={4}>
        {t("group:requests.hint")}
      </Text>
      {requests.isError && !requests.data ? (
        <FormAlert status="warning" title={t("group:requests.load_failed")} />
      ) : !requests.data ? (
        <Text color="gray.700" role="status">
          {t("common:loading")}
        </Text>
      ) : requests.data.length === 0 ? (
        <Text color="gray.700">{t("group:requests.none")}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap={2} aria-label={t("group:requests.title")}>
          {requests.data.map((request) => (
            <HStack as="li" key={request.userId} gap={3} bg="white" borderWidth="1px" borderRadius="md" p={3} wrap="wrap">
              <UserAvatar name={request.name} profilePic={request.profilePic} size={40} />
              <Box flex="1" minW="10rem">
                <AppLink href={groupHref(linkPrefix, `/user/show/${request.userId}`)} fontWeight="semibold">
                  {request.name}
                </AppLink>
                <Text fontSize="sm" color="gray.600">
                  {t("group:requests.asked_on", { date: dateFormat.format(new Date(request.requestedOn)) })}
                </Text>
              </Box>
              <HStack gap={2}>
                <Button size="sm" bg="green.700" color="white" _hover={{ bg: "green.800" }} loading={busy === request.userId} disabled={busy !== null} onClick={() => void answer(request, true)} aria-label={t("group:requests.approve_named", { name: request.name })}>
                  {t("group:requests.approve")}
                </Button>
                <Button size="sm" variant="outline" colorPalette="red" disabled={busy !== null} onClick={() => void answer(request, false)} aria-label={t("group:requests.refuse_named", { name: request.name })}>
                  {t("group:requests.refuse")}
                </Button>
              </HStack>
            </HStack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
