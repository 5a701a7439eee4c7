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

export type HomeProps =
  | { kind: "main"; featured: FeaturedPage[] }
  | { kind: "group"; group: HomeGroup; featured: FeaturedPage[] };
