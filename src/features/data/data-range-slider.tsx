import { Slider } from "@chakra-ui/react";

export interface RangeSliderProps {
  bounds: { min: number; max: number };
  step: number;
  value: [number, number];
  /** The names of the two thumbs, lowest first. */
  labels: [string, string];
  onChange: (next: [number, number]) => void;
}

/** The slider of a number range on /data/list, loaded after the page (see RangeFacet in data-filters.tsx). */
export default function RangeSlider({ bounds, step, value, labels, onChange }: RangeSliderProps) {
  return (
    <Slider.Root
      min={bounds.min}
      max={bounds.max}
      step={step}
      value={value}
      minStepsBetweenThumbs={0}
      colorPalette="teal"
      size="sm"
      // One label per thumb (Ark's slider takes an array).
      aria-label={labels}
      onValueChange={(d) => onChange([d.value[0] ?? bounds.min, d.value[1] ?? bounds.max])}
    >
      {/* Styled here: the theme leaves out Chakra's slider recipe (every page would carry it for this one filter). */}
      <Slider.Control display="flex" alignItems="center" position="relative" w="100%" minH="6">
        <Slider.Track flex="1" h="1.5" borderRadius="full" overflow="hidden" bg="gray.200" boxShadow="inset 0 1px 2px rgba(0, 0, 0, 0.15)">
          <Slider.Range h="100%" bg="teal.600" />
        </Slider.Track>
        <Slider.Thumbs
          w="5"
          h="5"
          top="50%"
          translate="0 -50%"
          borderRadius="full"
          borderWidth="2px"
          borderColor="teal.600"
          bg="white"
          zIndex="2"
          cursor="grab"
          _focusVisible={{ outline: "3px solid", outlineColor: "teal.300" }}
        />
      </Slider.Control>
    </Slider.Root>
  );
}
