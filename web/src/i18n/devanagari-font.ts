/**
 * The font Hindi needs, shipped with the app: Noto Sans Devanagari (@fontsource), its Devanagari
 * subset only, as woff2 files of this build. A phone, a TV stick or a kiosk browser without a
 * system Devanagari font would otherwise draw every Hindi text as empty boxes. This module is a
 * chunk of its own, imported with the Hindi catalogue and by the language switch (the one place
 * English shows Devanagari: 'हिन्दी', whose bold face it fetches); no other English screen
 * fetches the font.
 */
import regular from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import bold from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import { devanagari as unicodeRange } from '@fontsource/noto-sans-devanagari/unicode.json';

/** The family the theme names after its Latin fonts (src/app/theme.ts). */
export const DEVANAGARI_FAMILY = 'Noto Sans Devanagari';

type Weight = '400' | '700';
const FILES: Record<Weight, string> = { '400': regular, '700': bold };

let faces: Map<Weight, FontFace> | null = null;

/** The faces, added to the page once. A browser without the CSS Font Loading API has none. */
function devanagariFaces(): Map<Weight, FontFace> {
  if (faces) return faces;
  faces = new Map();
  if (typeof FontFace !== 'function' || !document.fonts) return faces;
  for (const [weight, url] of Object.entries(FILES) as Array<[Weight, string]>) {
    const face = new FontFace(DEVANAGARI_FAMILY, `url(${url}) format('woff2')`, {
      weight,
      unicodeRange,
      display: 'swap',
    });
    document.fonts.add(face);
    faces.set(weight, face);
  }
  return faces;
}

/**
 * Fetches the faces of `weights` (400 for text, 700 for headings and buttons; 800 uses 700).
 * Text must be laid out after this resolves: Chromium does not lay text out again when a font
 * named after the Latin ones loads later, so text drawn before stays boxes (the Hindi catalogue
 * waits for it; the language switch lays its label out only then). A face that fails to load (offline,
 * say) leaves the system's fonts.
 */
export async function loadDevanagariFont(
  weights: readonly Weight[] = ['400', '700'],
): Promise<void> {
  const all = devanagariFaces();
  await Promise.allSettled(weights.map((weight) => all.get(weight)?.load()));
}
