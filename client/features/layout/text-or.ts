/** The trimmed text, or `fallback` when it is missing or blank (the firm left a field empty). */
export function textOr(value: string | null | undefined, fallback: string): string {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? fallback : trimmed;
}
