import { Box, Button, CloseButton, HStack, Stack, Text } from "@chakra-ui/react";
import { Input } from "@/components/ui/chakra/input";
import { useQuery } from "@tanstack/react-query";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useState } from "react";
import SITE_CONFIG from "@site-config";
import { isEmail } from "@/contracts/auth.schema";
import type { UserIbp } from "@/contracts/user";
import { useDebouncedValue } from "@/components/layout/group-search";
import { UserAvatar } from "@/components/ui/user-avatar";
import { getBrowserClient } from "@/lib/api/client";
import { searchUsers } from "@/lib/api/users";
import { queryKeys } from "@/lib/query/query-keys";

/** A person chosen to become a founder or moderator: a known user, or an e-mail address. */
export type PickedPerson = { kind: "user"; user: UserIbp } | { kind: "email"; email: string };

export const pickedKey = (p: PickedPerson) => (p.kind === "user" ? `u${p.user.id}` : `e${p.email}`);
const pickedName = (p: PickedPerson) => (p.kind === "user" ? p.user.name : p.email);

interface PersonPickerProps {
  label: string;
  picked: PickedPerson[];
  onChange: (picked: PickedPerson[]) => void;
  /** Also accept e-mail addresses (the platform adds the account with that address). */
  allowEmail?: boolean;
  /** Already founders or moderators: not offered again. */
  excludeIds?: readonly number[];
}

const MIN_QUERY = 2;

/** Find users by name (autocomplete) or type an e-mail address; the chosen people are listed with a remove button. */
export function PersonPicker({ label, picked, onChange, allowEmail = false, excludeIds = [] }: PersonPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState("");
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const debounced = useDebouncedValue(query.trim(), SITE_CONFIG.UI.GROUP_SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: queryKeys.userAutocomplete(debounced),
    queryFn: () => searchUsers(getBrowserClient(), debounced),
    enabled: debounced.length >= MIN_QUERY,
    staleTime: 30_000,
  });
  const pickedKeys = new Set(picked.map(pickedKey));
  const results = (search.data ?? []).filter((u) => !pickedKeys.has(`u${u.id}`) && !excludeIds.includes(u.id));

  const add = (person: PickedPerson) => {
    if (!pickedKeys.has(pickedKey(person))) onChange([...picked, person]);
  };
  const addEmail = () => {
    const value = email.trim().toLowerCase();
    if (!isEmail(value)) {
      setEmailError(t("form:invalid_email"));
      return;
    }
    setEmailError(null);
    add({ kind: "email", email: value });
    setEmail("");
  };

  return (
    <Stack gap={3}>
      <Box>
        <label htmlFor={`${id}-search`}>
          <Text as="span" fontWeight="medium" fontSize="sm" display="block" mb={1}>
            {label}: {t("group:admins.search_label")}
          </Text>
        </label>
        <Input
          id={`${id}-search`}
          type="search"
          bg="white"
          autoComplete="off"
          placeholder={t("group:admins.search_placeholder")}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Box aria-live="polite" mt={2}>
          {debounced.length >= MIN_QUERY ? (
            search.isLoading ? (
              <Text fontSize="sm" color="gray.600">
                {t("group:admins.searching")}
              </Text>
            ) : search.isError ? (
              <Text fontSize="sm" color="red.700">
                {t("group:admins.search_failed")}
              </Text>
            ) : results.length === 0 ? (
              <Text fontSize="sm" color="gray.600">
                {t("group:admins.no_results")}
              </Text>
            ) : (
              <Stack as="ul" listStyleType="none" gap={1}>
                {results.map((user) => (
                  <HStack as="li" key={user.id} gap={2}>
                    <UserAvatar name={user.name} profilePic={user.profilePic} size={28} />
                    <Button size="xs" variant="outline" onClick={() => add({ kind: "user", user })}>
                      {t("group:admins.pick", { name: user.name })}
                    </Button>
                  </HStack>
                ))}
              </Stack>
            )
          ) : null}
        </Box>
      </Box>
      {allowEmail ? (
        <Box>
          <label htmlFor={`${id}-email`}>
            <Text as="span" fontWeight="medium" fontSize="sm" display="block" mb={1}>
              {t("group:admins.email_label")}
            </Text>
          </label>
          <HStack gap={2} align="flex-start">
            <Input
              id={`${id}-email`}
              type="email"
              bg="white"
              autoComplete="off"
              value={email}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
              onChange={(e) => setEmail(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  addEmail();
                }
              }}
            />
            <Button variant="outline" onClick={addEmail}>
              {t("group:admins.email_add")}
            </Button>
          </HStack>
          {emailError ? (
            <Text id={`${id}-email-error`} fontSize="sm" color="red.700" mt={1}>
              {emailError}
            </Text>
          ) : null}
        </Box>
      ) : null}
      {picked.length > 0 ? (
        <Box>
          <Text fontWeight="medium" fontSize="sm" mb={1}>
            {t("group:admins.selected")}
          </Text>
          <HStack as="ul" listStyleType="none" gap={2} wrap="wrap">
            {picked.map((person) => (
              <HStack as="li" key={pickedKey(person)} gap={1} bg="teal.50" borderWidth="1px" borderColor="teal.200" borderRadius="full" ps={3} pe={1} py={0.5}>
                <Text fontSize="sm">{pickedName(person)}</Text>
                <CloseButton size="2xs" aria-label={t("group:admins.unselect", { name: pickedName(person) })} onClick={() => onChange(picked.filter((p) => pickedKey(p) !== pickedKey(person)))} />
              </HStack>
            ))}
          </HStack>
        </Box>
      ) : null}
    </Stack>
  );
}
