import { createHash } from 'node:crypto';

// Generated artwork for the demo catalog. A fresh machine has no CJK fonts, so covers carry no
// text: each is an abstract design (gradient, bands and circles) derived from a hash of its
// name, the same on every machine.

/** Book covers are B6/A5-like: height = width × 1.42. */
export const COVER_ASPECT = 1.42;

function hashBytes(name: string): Buffer {
  return createHash('sha256').update(name).digest();
}

/** An SVG cover `width` pixels wide for the image called `name`. */
export function coverSvg(name: string, width: number): string {
  const bytes = hashBytes(name);
  const byte = (i: number) => bytes[i % bytes.length] as number;
  const height = Math.round(width * COVER_ASPECT);
  const hue = (byte(0) * 360) / 256;
  const hue2 = (hue + 40 + (byte(1) % 140)) % 360;
  const shapes: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    const cx = (byte(2 + i * 3) / 255) * width;
    const cy = (byte(3 + i * 3) / 255) * height;
    const r = ((byte(4 + i * 3) % 40) / 100 + 0.1) * width;
    const alpha = 0.12 + (byte(20 + i) % 30) / 100;
    shapes.push(
      `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="hsl(${(hue + i * 30) % 360},70%,85%)" fill-opacity="${alpha.toFixed(2)}"/>`,
    );
  }
  const band = (0.55 + (byte(30) % 25) / 100) * height;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue.toFixed(0)},60%,45%)"/>
<stop offset="1" stop-color="hsl(${hue2.toFixed(0)},65%,30%)"/>
</linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
${shapes.join('\n')}
<rect y="${band.toFixed(1)}" width="${width}" height="${(height * 0.12).toFixed(1)}" fill="hsl(${hue2.toFixed(0)},40%,92%)" fill-opacity="0.85"/>
<rect x="${(width * 0.08).toFixed(1)}" y="${(height * 0.08).toFixed(1)}" width="${(width * 0.84).toFixed(1)}" height="${(height * 0.84).toFixed(1)}" fill="none" stroke="white" stroke-opacity="0.6" stroke-width="${Math.max(1, width / 120).toFixed(1)}"/>
</svg>`;
}
