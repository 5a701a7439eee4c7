/**
 * Finding where to draw: a search of the places of India the portal ships offline (states, districts,
 * tahsils; `layer/places`) whose results move the map there, and "Zoom to {state}" for the state chosen
 * in the form. Part of the drawing map's chunk (loaded with it).
 */
import { Box, Button, Flex, Stack, Text } from "@chakra-ui/react";
import { Input } from "@/components/ui/chakra/input";
import useTranslation from "@/lib/i18n/use-translation";
import { useId, useState } from "react";
import type { PlaceMatch } from "@/contracts/place-search";
import { loadBrowserClient } from "@/lib/api/browser-client";
import { findPlaces } from "@/lib/api/naksha";

/** The state of the form's state field as a place, or null when the data does not know it. */
export async function findState(name: string): Promise<PlaceMatch | null> {
  const matches = await findPlaces(await loadBrowserClient(), name, 5);
  return matches.find((p) => p.kind === "state" && p.name.toLowerCase() === name.trim().toLowerCase()) ?? null;
}

export interface PlaceFinderProps {
  /** The state chosen in the form (its stored name and its label), offered as "Zoom to …". */
  state: { name: string; label: string } | null;
  onPlace: (place: PlaceMatch) => void;
}

export function PlaceFinder({ state, onPlace }: PlaceFinderProps) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<PlaceMatch[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (!query.trim()) return;
    setBusy(true);
    try {
      setResults(await findPlaces(await loadBrowserClient(), query.trim()));
      setProblem(null);
    } catch {
      setResults(null);
      setProblem(t("template:participate.geometry.place_error"));
    } finally {
      setBusy(false);
    }
  };
  const zoomToState = async () => {
    if (!state) return;
    const place = await findState(state.name).catch(() => null);
    if (place) onPlace(place);
    else setProblem(t("template:participate.geometry.place_none"));
  };
  const where = (p: PlaceMatch) => [t(`template:participate.geometry.place_kind.${p.kind}`), p.district, p.state].filter(Boolean).join(", ");

  return (
    <Box mb={2}>
      {/* A search of its own inside the record form: a div, not a nested form; Enter searches. */}
      <Flex gap={2} align="flex-end" wrap="wrap" role="search">
        <Box flex="1" minW="12rem">
          <label htmlFor={`${id}-q`}>
            <Text as="span" fontSize="sm" fontWeight="medium">
              {t("template:participate.geometry.place_label")}
            </Text>
          </label>
          <Input
            id={`${id}-q`}
            size="sm"
            type="search"
            maxLength={100}
            value={query}
            aria-describedby={`${id}-help`}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") void search(e);
            }}
          />
        </Box>
        <Button type="button" size="sm" variant="outline" loading={busy} onClick={(e) => void search(e)}>
          {t("template:participate.geometry.place_button")}
        </Button>
        {state ? (
          <Button type="button" size="sm" variant="outline" onClick={() => void zoomToState()}>
            {t("template:participate.geometry.zoom_state", { state: state.label })}
          </Button>
        ) : null}
      </Flex>
      <Text id={`${id}-help`} fontSize="xs" color="gray.700">
        {t("template:participate.geometry.place_help")}
      </Text>
      {problem ? (
        <Text fontSize="sm" color="red.700" role="alert">
          {problem}
        </Text>
      ) : null}
      {results ? (
        <Box aria-live="polite">
          {results.length === 0 ? (
            <Text fontSize="sm">{t("template:participate.geometry.place_none")}</Text>
          ) : (
            <Stack as="ul" gap={0} m={0} p={0} listStyleType="none" aria-label={t("template:participate.geometry.place_results")} data-testid="place-results">
              {results.map((p) => (
                <Box as="li"  key={`${p.kind}|${p.name}|${p.district}|${p.state}`}>
                  <Button
                    type="button"
                    size="xs"
                    variant="ghost"
                    h="auto"
                    minH="24px"
                    py={1}
                    whiteSpace="normal"
                    textAlign="start"
                    justifyContent="flex-start"
                    onClick={() => {
                      onPlace(p);
                      setResults(null);
                    }}
                  >
                    <Text as="span" fontWeight="semibold">
                      {p.name}
                    </Text>{" "}
                    <Text as="span" color="gray.700" fontWeight="normal">
                      ({where(p)})
                    </Text>
                  </Button>
                </Box>
              ))}
            </Stack>
          )}
        </Box>
      ) : null}
    </Box>
  );
}
