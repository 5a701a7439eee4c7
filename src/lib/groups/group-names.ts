/** How a group's names show: the local name only where it adds something, initials where no logo is. */

const comparable = (name: string) => name.normalize("NFC").replace(/\s+/g, " ").trim().toLocaleLowerCase();

/** The group's local name when it differs from the name shown (in Hindi both are often the same Hindi name). */
export function distinctLocalName(name: string, nameLocal: string | null | undefined): string | null {
  if (!nameLocal || !nameLocal.trim()) return null;
  return comparable(nameLocal) === comparable(name) ? null : nameLocal;
}

/**
 * Up to two letters standing in for a missing logo: the first letters of the first two words, or
 * the first letter (a Devanagari letter with its vowel sign) of a one-word name.
 */
export function groupInitials(name: string): string {
  const words = name.trim().split(/[\s\-–—_/]+/u).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const first = (word: string) => {
    const letter = /[\p{L}\p{N}][\p{M}]*/u.exec(word);
    return letter ? letter[0] : "";
  };
  return words
    .slice(0, 2)
    .map(first)
    .join("")
    .toLocaleUpperCase();
}
