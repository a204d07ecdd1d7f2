import unhomoglyph from 'unhomoglyph';

/**
 * The form in which two profile names are compared (docs/adr/0015): NFKC (full-width letters,
 * ligatures, no-break spaces), invisible characters dropped, case folded, then every character
 * replaced by the one Unicode's confusables table says it is mistaken for (Cyrillic 'а' → 'a',
 * '0' → 'O', 'm' → 'rn'), spaces collapsed. Two names with the same key look alike to a reader.
 */
export function chaveDoNome(nome: string): string {
  const dobrado = nome
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    // Upper then lower folds what lowering alone keeps apart (ß and SS, final and medial sigma).
    .toUpperCase()
    .toLowerCase();
  return unhomoglyph(dobrado).toLowerCase().replace(/\s+/gu, ' ').trim();
}
