import type { GallerySlide, MiniGallery } from "@/contracts/home";

export interface FeaturedPage {
  id: number;
  title: string;
  description: string | null;
}

export interface HomeGroup {
  id: number;
  name: string;
  nameLocal: string | null;
  description: string | null;
  /** Logo URL (files service). */
  icon: string;
  /** null when the platform could not count them. */
  memberCount: number | null;
  allowUserToJoin: boolean;
}

/** A featured CCA as its card shows it (made on the server from the record list's projection). */
export interface FeaturedRecord {
  id: number;
  title: string | null;
  /** "name: value" lines of its summary values. */
  lines: { name: string; text: string }[];
  /** Thumbnail URL (files service crop), or null. */
  image: string | null;
}

/** The statistics panel: numbers from `data/chart`, for the site or the group. */
export interface HomeStats {
  total: number;
  /** Hectares, summed over the records that state an area. */
  area: number;
}

/** What the configuration of a home gives the screen (null parts are left out). */
export interface HomeConfigView {
  /** The main gallery's slides (empty when `showGallery` is off). */
  slides: GallerySlide[];
  miniGalleries: MiniGallery[];
  /** Shown under the gallery (plain text), or null. */
  description: string | null;
  showStats: boolean;
}

interface HomeCommon {
  config: HomeConfigView;
  /** null when the statistics could not be read (the panel is left out). */
  stats: HomeStats | null;
}

export type HomeProps =
  | (HomeCommon & { kind: "main"; featured: FeaturedPage[]; records: FeaturedRecord[] })
  | (HomeCommon & { kind: "group"; group: HomeGroup; featured: FeaturedPage[] });
