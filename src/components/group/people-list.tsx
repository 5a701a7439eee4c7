import { Box, HStack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { UserIbp } from "@/contracts/user";
import { AppLink } from "@/components/ui/app-link";
import { UserAvatar } from "@/components/ui/user-avatar";
import { groupHref } from "@/lib/group-link";

interface PeopleListProps {
  people: readonly UserIbp[];
  linkPrefix: string;
  /** Shown when the list is empty. */
  empty: string;
  /** Optional control per person (e.g. remove). */
  action?: (person: UserIbp) => ReactNode;
  label: string;
}

/** Avatars and names linking to the profiles. */
export function PeopleList({ people, linkPrefix, empty, action, label }: PeopleListProps) {
  if (people.length === 0) {
    return <Text color="gray.600">{empty}</Text>;
  }
  return (
    <Box as="ul" listStyleType="none" display="grid" gridTemplateColumns={{ base: "1fr", sm: "repeat(2, 1fr)", md: "repeat(3, 1fr)" }} gap={3} aria-label={label}>
      {people.map((person) => (
        <HStack as="li" key={person.id} gap={3} bg="white" borderWidth="1px" borderRadius="md" p={3} minW={0}>
          <UserAvatar name={person.name} profilePic={person.profilePic} size={40} />
          <AppLink href={groupHref(linkPrefix, `/user/show/${person.id}`)} fontWeight="semibold" flex="1" minW={0} overflowWrap="anywhere">
            {person.name}
          </AppLink>
          {action ? action(person) : null}
        </HStack>
      ))}
    </Box>
  );
}
