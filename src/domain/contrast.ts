/**
 * WCAG 2.1 contrast (issue 14): the ratio of two colours, and the accessible variant of a brand
 * colour. Pure, shared by the theme (src/shell.tsx), the brand editor's warning and the tests.
 */

/** WCAG 2.1 AA for normal text (1.4.3); large text and interface parts need 3:1. */
export const AA_TEXT = 4.5;

type Rgb = readonly [number, number, number];

/** `#rgb` or `#rrggbb` (any case) as 0–255 channels; null for anything else. */
export const parseHex = (hex: string): Rgb | null => {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as unknown as Rgb;
};

export const toHex = (rgb: Rgb): string => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`.toUpperCase();

/** Relative luminance, WCAG 2.1 definition. */
export const luminance = ([r, g, b]: Rgb): number => {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

export const contrastRatio = (a: Rgb, b: Rgb): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

const WHITE: Rgb = [255, 255, 255];

/**
 * The colour itself when white text on it, and it as text on white, reach `min`; otherwise the same
 * hue darkened (mixed with black in 1 % steps) until they do. A brand colour is used both ways: as
 * the primary button's background under white text, and as link and tag text on white. Darkening
 * keeps the hue, so the brand stays recognisable; a colour that cannot be parsed is returned as is.
 */
export const accessibleOnWhite = (hex: string, min = AA_TEXT): string => accessibleOn(hex, '#FFFFFF', min);

/** The same, against a light background other than white (a selected table row, say). */
export const accessibleOn = (hex: string, background: string, min = AA_TEXT): string => {
  const rgb = parseHex(hex);
  const bg = parseHex(background) ?? WHITE;
  if (!rgb) return hex;
  const reads = (c: Rgb) => contrastRatio(c, bg) >= min && contrastRatio(c, WHITE) >= min;
  if (reads(rgb)) return toHex(rgb);
  for (let k = 0.01; k <= 1; k += 0.01) {
    // Checked after rounding to whole channels: the hex, not the exact mix, is what is painted.
    const darker = parseHex(toHex(rgb.map((c) => c * (1 - k)) as unknown as Rgb))!;
    if (reads(darker)) return toHex(darker);
  }
  return '#000000';
};

/** The colour mixed with black by `k` (0–1), in its own hue; a colour that cannot be parsed is returned as is. */
export const darkerBy = (hex: string, k: number): string => {
  const rgb = parseHex(hex);
  return rgb ? toHex(rgb.map((c) => c * (1 - k)) as unknown as Rgb) : hex;
};

/** Whether a brand colour fails AA as text on white or under white text (the editor's warning). */
export const failsAaOnWhite = (hex: string): boolean => {
  const rgb = parseHex(hex);
  return rgb !== null && contrastRatio(rgb, WHITE) < AA_TEXT;
};
