import type { Page } from '@playwright/test';
import type { Theme } from './axe-support';

/** One piece of text drawn on a gradient (or drawn with one), measured at points along it. */
export interface GradientText {
  text: string;
  /** On a gradient fill, or itself painted with a gradient (background-clip: text). */
  kind: 'on-gradient' | 'gradient-text';
  /** WCAG AA: 4.5:1; large gradient text (a heading on the page) 3:1. */
  required: number;
  /** The lowest ratio along the gradient, and where: the colours of text and background there. */
  min: number;
  worst: string;
  samples: number;
}

/**
 * Runs in the page (self-contained: Playwright sends its source). axe cannot judge text on a
 * gradient, so this does it: every visible text whose background is painted by a gradient (on
 * the element or the ancestor that paints behind it) is measured against the gradient's colour
 * stops and the points between them (interpolated by the browser itself, with color-mix in the
 * gradient's own colour space), each composited as drawn: the backdrop under a translucent
 * gradient, translucent layers between the gradient and the text, the text's own alpha. Colours
 * are turned into sRGB by painting them on a canvas, so every format Chromium returns
 * (rgb, oklch, oklab, color()) counts as the screen shows it.
 */
function measureGradientTexts(): GradientText[] {
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2d canvas');
  const probe = document.createElement('div');
  probe.style.display = 'none';
  document.body.append(probe);

  const resolve = (color: string) => {
    probe.style.color = '';
    probe.style.color = color;
    if (!probe.style.color) throw new Error(`not a colour: ${color}`);
    return getComputedStyle(probe).color;
  };
  /** Colours painted one over another on white (under an opaque first layer it never shows). */
  const paint = (layers: string[]): number[] => {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 1, 1);
    for (const layer of layers) {
      ctx.fillStyle = resolve(layer);
      ctx.fillRect(0, 0, 1, 1);
    }
    return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
  };
  const luminance = (rgb: number[]) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const ratio = (a: number[], b: number[]) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
  };
  const alphaOf = (color: string) => {
    const m = resolve(color).match(/\/\s*([\d.]+)\s*\)$|^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)$/);
    return m ? Number(m[1] ?? m[2]) : 1;
  };
  /** Splits at top-level commas (not inside parentheses). */
  const splitTop = (value: string) => {
    const parts: string[] = [];
    let depth = 0;
    let current = '';
    for (const ch of value) {
      if (ch === '(') depth++;
      if (ch === ')') depth--;
      if (ch === ',' && depth === 0) {
        parts.push(current.trim());
        current = '';
      } else current += ch;
    }
    if (current.trim()) parts.push(current.trim());
    return parts;
  };
  /** The leading colour of a stop ('oklch(…) 40%' -> 'oklch(…)'), or null (a direction, a hint). */
  const colourOf = (arg: string) => {
    const fn = arg.match(/^[a-z-]+\(/i);
    let token = arg.split(/\s+/)[0] ?? '';
    if (fn) {
      let depth = 0;
      for (let i = 0; i < arg.length; i++) {
        if (arg[i] === '(') depth++;
        if (arg[i] === ')' && --depth === 0) {
          token = arg.slice(0, i + 1);
          break;
        }
      }
    }
    return CSS.supports('color', token) ? token : null;
  };
  /** Each gradient of a background-image: its stops and the points between them. */
  const gradientSamples = (backgroundImage: string) =>
    splitTop(backgroundImage)
      .filter((layer) => /gradient\(/.test(layer))
      .map((layer) => {
        const args = splitTop(layer.slice(layer.indexOf('(') + 1, layer.lastIndexOf(')')));
        const stops = args.map(colourOf).filter((c): c is string => c !== null);
        const declared = args[0]?.match(
          /\bin\s+([a-z0-9-]+(?:\s+(?:shorter|longer|increasing|decreasing)\s+hue)?)/,
        );
        // CSS Color 4: legacy sRGB colours interpolate in sRGB, any other in Oklab.
        const space =
          declared?.[1] ?? (stops.some((s) => /^(oklch|oklab|lab|lch|color)\(/.test(s)) ? 'oklab' : 'srgb');
        const samples: string[] = [];
        stops.forEach((stop, i) => {
          samples.push(stop);
          const next = stops[i + 1];
          if (next)
            for (const p of [25, 50, 75]) samples.push(`color-mix(in ${space}, ${stop}, ${next} ${p}%)`);
        });
        return samples;
      });
  const hasGradient = (s: CSSStyleDeclaration) => s.backgroundImage.includes('gradient(');
  const isClear = (color: string) => alphaOf(color) === 0;
  /** Background colours from `from` up to the first opaque one, outermost first (painting order). */
  const backdropOf = (from: Element | null) => {
    const layers: string[] = [];
    for (let node = from; node; node = node.parentElement) {
      const bg = getComputedStyle(node).backgroundColor;
      if (isClear(bg)) continue;
      layers.unshift(bg);
      if (alphaOf(bg) === 1) break;
    }
    return layers;
  };
  const ownText = (el: Element) =>
    Array.from(el.childNodes)
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  const rgb = (c: number[]) => `rgb(${c.join(', ')})`;

  const results: GradientText[] = [];
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const text = ownText(el);
    if (!text) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width < 2 || rect.height < 2) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const style = getComputedStyle(el);
    const size = Number.parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);

    // Text painted with a gradient: each point of it against what lies behind.
    if (hasGradient(style) && style.backgroundClip === 'text') {
      const behind = backdropOf(el.parentElement);
      const bg = paint(behind);
      const required = large ? 3 : 4.5;
      let min = Number.POSITIVE_INFINITY;
      let worst = '';
      let count = 0;
      for (const samples of gradientSamples(style.backgroundImage))
        for (const sample of samples) {
          const fg = paint([...behind, sample]);
          const r = ratio(fg, bg);
          count++;
          if (r < min) [min, worst] = [r, `text ${rgb(fg)} on ${rgb(bg)}`];
        }
      results.push({ text, kind: 'gradient-text', required, min, worst, samples: count });
      continue;
    }

    // Text on a gradient: find the element that paints it behind the text.
    const overlays: string[] = [];
    let painter: Element | null = null;
    for (let node: Element | null = el; node; node = node.parentElement) {
      const s = getComputedStyle(node);
      if (hasGradient(s) && s.backgroundClip !== 'text') {
        painter = node;
        break;
      }
      if (isClear(s.backgroundColor)) continue;
      if (alphaOf(s.backgroundColor) === 1) break;
      overlays.unshift(s.backgroundColor);
    }
    if (!painter) continue;
    const painted = getComputedStyle(painter);
    const behind = backdropOf(painter);
    let min = Number.POSITIVE_INFINITY;
    let worst = '';
    let count = 0;
    for (const samples of gradientSamples(painted.backgroundImage))
      for (const sample of samples) {
        const under = [...behind, sample, ...overlays];
        const bg = paint(under);
        const fg = paint([...under, style.color]);
        const r = ratio(fg, bg);
        count++;
        if (r < min) [min, worst] = [r, `text ${rgb(fg)} on ${rgb(bg)}`];
      }
    results.push({ text, kind: 'on-gradient', required: 4.5, min, worst, samples: count });
  }
  probe.remove();
  return results;
}

/** The page in one theme, as the app applies it (a class on <html>), then every gradient text measured. */
export async function gradientTexts(page: Page, theme: Theme): Promise<GradientText[]> {
  await page.evaluate((value) => {
    const root = document.documentElement;
    root.classList.remove('dark', 'light');
    root.classList.add(value);
    root.style.colorScheme = value;
  }, theme);
  return page.evaluate(measureGradientTexts);
}

/** A readable list of the texts below their required ratio. */
export const describeFailures = (found: GradientText[]) =>
  found
    .filter((f) => f.min < f.required)
    .map((f) => `  "${f.text}" (${f.kind}): ${f.min.toFixed(2)}:1 < ${f.required}:1 at ${f.worst}`)
    .join('\n');
