/**
 * ISO 3166-2 codes of India's states and union territories (SUB_LOC), by the English names the
 * platform's location lookup answers (maps/location.service.ts). The codes changed in 2023 are written
 * as ISO now has them (IN-CG Chhattisgarh, IN-OD Odisha, IN-TG Telangana, IN-UK Uttarakhand). Pure.
 */
export const INDIA_ISO3 = "IND";

const CODES: Record<string, string> = {
  "Andhra Pradesh": "AP", "Arunachal Pradesh": "AR", Assam: "AS", Bihar: "BR", Chhattisgarh: "CG", Goa: "GA", Gujarat: "GJ",
  Haryana: "HR", "Himachal Pradesh": "HP", Jharkhand: "JH", Karnataka: "KA", Kerala: "KL", "Madhya Pradesh": "MP",
  Maharashtra: "MH", Manipur: "MN", Meghalaya: "ML", Mizoram: "MZ", Nagaland: "NL", Odisha: "OD", Punjab: "PB",
  Rajasthan: "RJ", Sikkim: "SK", "Tamil Nadu": "TN", Telangana: "TG", Tripura: "TR", "Uttar Pradesh": "UP",
  Uttarakhand: "UK", "West Bengal": "WB", "Andaman and Nicobar Islands": "AN", Chandigarh: "CH",
  "Dadra and Nagar Haveli and Daman and Diu": "DH", Delhi: "DL", "Jammu and Kashmir": "JK", Ladakh: "LA",
  Lakshadweep: "LD", Puducherry: "PY",
};
const BY_LOWER = new Map(Object.entries(CODES).map(([name, code]) => [name.toLowerCase(), code]));

/** `IN-MH` for "Maharashtra"; null for a name it does not know. */
export function subLocationOf(state: string | null | undefined): string | null {
  if (!state) return null;
  const code = BY_LOWER.get(state.trim().toLowerCase().replace(/&/g, "and"));
  return code ? `IN-${code}` : null;
}
