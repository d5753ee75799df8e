/**
 * French elides "de", "que" and "le" before a vowel: "Le tour d’Ann", never
 * "de Ann". The messages are written "de {name}" since the name is not known
 * until it is said; this turns the words into what a French speaker writes
 * once the name is in. Only vowels (accented or not, and y) count: an h that
 * elides ("d’Hélène") and one that does not ("de Hugo") cannot be told apart
 * from the letters. Words joined by a hyphen ("copiez-le avec") keep theirs.
 */
const ELIDABLE = /(?<![\p{L}\p{N}’'-])(de|que|le) (?=[aeiouyàâäéèêëîïôöùûüÿæœ])/giu;

export function elideBeforeVowel(text: string): string {
  return text.replace(ELIDABLE, (_, word: string) => `${word.slice(0, -1)}’`);
}
