import type { Page } from '@playwright/test';

/**
 * How many pixels of the map's layer canvases have the colour `rgb`, each channel within
 * `tolerance` (0: exactly). Tells whether a layer was drawn without comparing screenshots.
 * Only pixels at least half opaque count: the faint edges of translucent footprints read back
 * as all sorts of colours (their unpremultiplied values are coarse), never as a drawn layer.
 */
export function mapPixels(
  page: Page,
  rgb: [number, number, number],
  tolerance = 0,
): Promise<number> {
  return page.evaluate(
    ({ rgb: [r, g, b], tolerance }) => {
      const near = (value: number | undefined, target: number) =>
        Math.abs((value ?? 0) - target) <= tolerance;
      let count = 0;
      for (const canvas of Array.from(
        document.querySelectorAll<HTMLCanvasElement>('.ol-layer canvas'),
      )) {
        const context = canvas.getContext('2d', { willReadFrequently: true });
        if (!context || canvas.width === 0) continue;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        for (let i = 0; i < data.length; i += 4) {
          if ((data[i + 3] ?? 0) < 128) continue;
          if (near(data[i], r) && near(data[i + 1], g) && near(data[i + 2], b)) count += 1;
        }
      }
      return count;
    },
    { rgb, tolerance },
  );
}
