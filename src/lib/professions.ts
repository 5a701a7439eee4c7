/** Professions offered at registration and in account settings (stored in English; labels in user:profession.*). */
export const PROFESSIONS = ["Agriculture", "Business", "Education", "Government", "Research", "Student", "Other"] as const;
