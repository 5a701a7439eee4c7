import { Box, Button, HStack, Text } from "@chakra-ui/react";
import useTranslation from "@/lib/i18n/use-translation";
import type { JoinState } from "@/contracts/layout";
import { CheckIcon, ClockIcon, PlusIcon } from "@/components/ui/icons";
import type { MembershipActions } from "./use-membership-actions";

interface MembershipButtonsProps {
  /** null while the state is being read. */
  state: JoinState | null;
  actions: MembershipActions;
  /** Added (visually hidden) to the button names when several groups are listed. */
  groupName?: string;
  size?: "xs" | "sm" | "md";
}

/** Join / requested (withdraw) / joined (leave), as Chakra buttons for screens (the header has its own). */
export function MembershipButtons({ state, actions, groupName, size = "sm" }: MembershipButtonsProps) {
  const { t } = useTranslation();
  const named = groupName ? (
    <Box as="span" srOnly>
      {`: ${groupName}`}
    </Box>
  ) : null;
  return (
    <>
      {state === null ? (
        <Text fontSize="sm" color="gray.600">
          {t("membership:join.loading")}
        </Text>
      ) : null}
      {state === "join" ? (
        <Button size={size} bg="green.700" color="white" _hover={{ bg: "green.800" }} onClick={actions.join} loading={actions.busy}>
          <PlusIcon />
          {t("membership:join.button")}
          {named}
        </Button>
      ) : null}
      {state === "requested" || state === "joined" ? (
        <HStack gap={3} wrap="wrap">
          <Text as="span" fontSize="sm" fontWeight="semibold" color={state === "joined" ? "green.800" : "orange.800"} display="inline-flex" alignItems="center" gap={1}>
            {state === "joined" ? <CheckIcon /> : <ClockIcon />}
            {t(state === "joined" ? "membership:join.joined" : "membership:join.requested")}
          </Text>
          <Button size={size} variant="outline" onClick={state === "joined" ? actions.leave : actions.withdraw} loading={actions.busy}>
            {t(state === "joined" ? "membership:join.leave" : "membership:join.withdraw")}
            {named}
          </Button>
        </HStack>
      ) : null}
      {actions.dialog}
    </>
  );
}
