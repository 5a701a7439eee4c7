import useTranslation from "next-translate/useTranslation";
import { useCallback, useEffect, useState, type KeyboardEvent } from "react";
import { Box, chakra, Container, Heading, HStack, IconButton, Text } from "@chakra-ui/react";
import SITE_CONFIG from "@site-config";
import type { PageGalleryItem } from "@/contracts/page";
import { fileCropUrl } from "@/lib/files";
import { licenseNameKey } from "@/lib/licenses";
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from "./page-icons";

const AUTOPLAY_MS = 6000;
const { WIDTH, HEIGHT } = SITE_CONFIG.THUMBNAILS.PAGE_BANNER;

type Translate = (key: string, query?: Record<string, unknown>) => string;

/** "{caption} by {attribution} ({licence})"; the caption alone without an attribution; null without a caption. */
export function slideCaption(t: Translate, item: Pick<PageGalleryItem, "caption" | "attribution" | "licenseId">): string | null {
  const caption = item.caption?.trim();
  const attribution = item.attribution?.trim();
  if (!caption && !attribution) return null;
  if (!attribution) return caption!;
  const licenseKey = licenseNameKey(item.licenseId);
  const values = { caption: caption || "", attribution };
  return licenseKey ? t("page:slider.caption", { ...values, license: t(licenseKey) }) : t("page:slider.caption_no_license", values);
}

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(true);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}

interface BannerProps {
  title: string;
  description: string | null;
  gallery: PageGalleryItem[];
}

/**
 * The page cover: title and description over the gallery (1440×300 crops). Several images become a
 * slideshow with previous/next buttons, one indicator per image, the arrow keys, and autoplay that
 * stops while the pointer or focus is inside, when paused, and under prefers-reduced-motion.
 */
export function PageBanner({ title, description, gallery }: BannerProps) {
  const { t } = useTranslation("page");
  const slides = [...gallery].sort((a, b) => a.displayOrder - b.displayOrder);
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const autoplay = count > 1 && !paused && !reducedMotion;
  const running = autoplay && !hovered && !focused;

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [running, count]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowLeft") go(index - 1);
    else if (e.key === "ArrowRight") go(index + 1);
    else return;
    e.preventDefault();
  };

  const current = slides[Math.min(index, count - 1)];
  const caption = current ? slideCaption(t, current) : null;

  return (
    <Box
      as="header"
      position="relative"
      bg="gray.800"
      color="white"
      overflow="hidden"
      minH={count > 0 ? { base: "220px", md: `${HEIGHT}px` } : undefined}
      display="flex"
      flexDirection="column"
      justifyContent="flex-end"
    >
      {count > 0 && (
        <Box
          role="region"
          aria-roledescription="carousel"
          aria-label={t("page:slider.label")}
          position="absolute"
          inset={0}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
          }}
          onKeyDown={onKeyDown}
        >
          <Box aria-live={running ? "off" : "polite"} position="absolute" inset={0}>
            {slides.map((slide, i) => (
              <Box
                key={slide.id}
                role="group"
                aria-roledescription="slide"
                aria-label={t("page:slider.slide", { n: i + 1, count })}
                aria-hidden={i === index ? undefined : true}
                position="absolute"
                inset={0}
                opacity={i === index ? 1 : 0}
                visibility={i === index ? "visible" : "hidden"}
                transition={reducedMotion ? undefined : "opacity 0.6s ease, visibility 0.6s"}
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- a crop of the files service, already sized */}
                <img
                  src={fileCropUrl("pages", slide.fileName, { w: WIDTH, h: HEIGHT })}
                  alt={slide.caption ?? ""}
                  loading={i === 0 ? "eager" : "lazy"}
                  style={{ width: "100%", height: "100%", objectFit: "cover" }}
                />
              </Box>
            ))}
          </Box>
          {/* Keeps the title and caption readable over any picture. */}
          <Box position="absolute" inset={0} bgGradient="to-t" gradientFrom="blackAlpha.800" gradientVia="blackAlpha.600" gradientTo="blackAlpha.400" pointerEvents="none" />
          {count > 1 && (
            <HStack position="absolute" bottom={3} right={{ base: 2, md: 4 }} gap={1} zIndex={2}>
              <IconButton aria-label={t("page:slider.previous")} size="sm" variant="subtle" colorPalette="gray" onClick={() => go(index - 1)}>
                <ChevronLeftIcon />
              </IconButton>
              <HStack as="ul" listStyleType="none" gap={0} m={0} p={0}>
                {slides.map((slide, i) => (
                  <li key={slide.id}>
                    <chakra.button
                      type="button"
                      aria-label={t("page:slider.go_to", { n: i + 1, count })}
                      aria-current={i === index ? "true" : undefined}
                      onClick={() => go(i)}
                      w="24px"
                      h="24px"
                      display="flex"
                      alignItems="center"
                      justifyContent="center"
                      cursor="pointer"
                      borderRadius="full"
                      _focusVisible={{ outline: "2px solid white", outlineOffset: "1px" }}
                    >
                      <Box as="span" w="10px" h="10px" borderRadius="full" borderWidth="1px" borderColor="white" bg={i === index ? "white" : "transparent"} />
                    </chakra.button>
                  </li>
                ))}
              </HStack>
              <IconButton aria-label={t("page:slider.next")} size="sm" variant="subtle" colorPalette="gray" onClick={() => go(index + 1)}>
                <ChevronRightIcon />
              </IconButton>
              {!reducedMotion && (
                <IconButton aria-label={paused ? t("page:slider.play") : t("page:slider.pause")} size="sm" variant="subtle" colorPalette="gray" onClick={() => setPaused((p) => !p)}>
                  {paused ? <PlayIcon /> : <PauseIcon />}
                </IconButton>
              )}
            </HStack>
          )}
        </Box>
      )}
      <Container maxW="6xl" position="relative" zIndex={1} pt={{ base: 10, md: 16 }} pb={count > 1 ? { base: 16, md: 14 } : { base: 8, md: 10 }} pointerEvents="none">
        <Heading as="h1" size={{ base: "2xl", md: "4xl" }} fontWeight="bold" mb={3} textShadow="0 1px 3px rgba(0,0,0,.6)">
          {title}
        </Heading>
        {description && (
          <Text fontSize={{ base: "md", md: "xl" }} maxW="3xl" lineClamp={2} textShadow="0 1px 3px rgba(0,0,0,.6)">
            {description}
          </Text>
        )}
        {caption && (
          <Text fontSize="sm" mt={4} opacity={0.95} data-testid="slide-caption">
            {caption}
          </Text>
        )}
      </Container>
    </Box>
  );
}
