/** WCAG contrast and the accessible variant of brand colours (issue 14). */
import { presetPalettes } from '@ant-design/colors';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, accessibleOnWhite, contrastRatio, failsAaOnWhite, parseHex } from '../../src/domain/contrast';
import { ACCESSIBLE_TEXT_TOKENS, brandTheme } from '../../src/shell';

const WHITE = [255, 255, 255] as const;
const ratio = (a: string, b = '#ffffff') => contrastRatio(parseHex(a)!, parseHex(b)!);

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(ratio('#000000')).toBeCloseTo(21, 5);
    expect(ratio('#ffffff')).toBe(1);
    // antd defaults the issue measured
    expect(ratio('#ff4d4f')).toBeCloseTo(3.27, 2);
    expect(ratio('#389e0d', '#f6ffed')).toBeCloseTo(3.37, 2);
    expect(parseHex('#abc')).toEqual([170, 187, 204]);
    expect(parseHex('blue')).toBeNull();
  });

  it.each(['#2863D0', '#C2410C', '#7C3AED'])('keeps a brand colour that already passes (%s)', (c) => {
    expect(accessibleOnWhite(c)).toBe(c);
    expect(failsAaOnWhite(c)).toBe(false);
  });

  it.each(['#FACC15', '#22C55E', '#38BDF8', '#FFFFFF', '#f0f'])('darkens a failing brand colour in its hue until white text reads on it (%s)', (c) => {
    expect(failsAaOnWhite(c)).toBe(true);
    const fixed = accessibleOnWhite(c);
    expect(contrastRatio(parseHex(fixed)!, WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
    // Not needlessly dark: one step lighter would fail.
    const [r, g, b] = parseHex(fixed)!;
    const lighter = [r, g, b].map((x) => Math.min(255, x * 1.02)) as unknown as [number, number, number];
    expect(contrastRatio(lighter, WHITE)).toBeLessThan(AA_TEXT + 0.3);
  });

  it.each(['#2863D0', '#FACC15', '#0B5F5A', '#7C3AED'])('hovered brand-coloured text reads on white and on the grey tab bar, darker than the colour (%s)', (c) => {
    const { token } = brandTheme({ primaryColor: c });
    for (const key of ['colorPrimaryHover', 'colorPrimaryTextHover', 'colorLinkHover'] as const) {
      const hover = token![key]!;
      expect(ratio(hover), key).toBeGreaterThanOrEqual(AA_TEXT);
      expect(ratio(hover, '#f5f5f5'), key).toBeGreaterThanOrEqual(AA_TEXT);
      expect(hover, key).not.toBe(token!.colorPrimary);
    }
    // antd's own hover shade for the default brand, which the accessibility scan caught on a hovered tab.
    expect(ratio('#4e85de', '#f5f5f5')).toBeLessThan(AA_TEXT);
  });

  it('the theme uses the accessible variant and text tokens that pass AA on white and on the grey panels', () => {
    expect(brandTheme({ primaryColor: '#FACC15' }).token?.colorPrimary).toBe(accessibleOnWhite('#FACC15'));
    const alpha = (rgba: string) => Number(/rgba\(0, 0, 0, ([\d.]+)\)/.exec(rgba)![1]);
    for (const key of ['colorTextTertiary', 'colorTextDescription', 'colorTextPlaceholder'] as const) {
      const grey = Math.round(255 * (1 - alpha(ACCESSIBLE_TEXT_TOKENS[key])));
      const onGrey = Math.round(0xf5 * (1 - alpha(ACCESSIBLE_TEXT_TOKENS[key])));
      expect(contrastRatio([grey, grey, grey], WHITE), key).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio([onGrey, onGrey, onGrey], [0xf5, 0xf5, 0xf5]), key).toBeGreaterThanOrEqual(AA_TEXT);
    }
    const lightOf = { colorError: presetPalettes.red[0], colorSuccess: presetPalettes.green[0], colorWarning: presetPalettes.orange[0] };
    for (const [key, light] of Object.entries(lightOf)) {
      const c = ACCESSIBLE_TEXT_TOKENS[key as keyof typeof lightOf];
      expect(ratio(c), key).toBeGreaterThanOrEqual(AA_TEXT);
      expect(ratio(c, light), key).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });
});
