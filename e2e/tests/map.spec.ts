import { expectAccessible } from '../support/a11y';
import { notTiles, watchBasemap } from '../support/basemap';
import { mapPixels } from '../support/canvas';
import { collectErrors } from '../support/console';
import { apiInPage } from '../support/files';
import { watchLayoutShifts } from '../support/layout-shifts';
import { mapserverUrl, type RunningMapServer, startMapServer } from '../support/mapserver';
import { completeMetadata, createRecordInPage, signedIn } from '../support/records';
import { expect, type Page, test } from '../support/test';

/** Waits for the map's canvas and answers how many of its pixels are not the background. */
async function paintedPixels(page: Page, layerSelector = '.ol-layer canvas'): Promise<number> {
  return page.evaluate((selector) => {
    let painted = 0;
    for (const canvas of Array.from(document.querySelectorAll<HTMLCanvasElement>(selector))) {
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 3; i < data.length; i += 4 * 7) if ((data[i] ?? 0) > 0) painted += 1;
    }
    return painted;
  }, layerSelector);
}

/** The map's view as the extent line under the map states it. */
async function extentText(page: Page) {
  return (await page.getByTestId('map-extent').textContent()) ?? '';
}

/** West, south, east, north and zoom from the extent line (German number format). */
async function viewOf(page: Page) {
  const numbers = (await extentText(page)).match(/-?\d+(?:,\d+)?/g) ?? [];
  const [west, south, east, north, zoom] = numbers.map((n) => Number(n.replace(',', '.')));
  return { west, south, east, north, zoom };
}

async function openMap(page: Page, path = '/') {
  await page.goto(path);
  // The map chunk arrives after hydration; two cores run server, browser and tests.
  await expect(page.getByRole('region', { name: 'Karte' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('map-extent')).toContainText('Zoom');
}

// Two cores run the server, the browser and the tests: the map's first paint can take a while.
test.describe.configure({ timeout: 60_000 });

test.describe('map viewer', () => {
  test('draws the offline basemap without any request to another host', async ({ page }) => {
    const errors = collectErrors(page);
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') && url.host !== new URL(page.url() || 'http://x').host) {
        foreign.push(request.url());
      }
    });
    await openMap(page);
    const origin = new URL(page.url()).host;
    await expect.poll(() => paintedPixels(page), { timeout: 20_000 }).toBeGreaterThan(1000);
    // Germany fills the view at first.
    const view = await viewOf(page);
    expect(view.west).toBeLessThanOrEqual(5.6);
    expect(view.east).toBeGreaterThanOrEqual(15.4);
    expect(view.south).toBeLessThanOrEqual(47.3);
    expect(view.north).toBeGreaterThanOrEqual(55);
    expect(foreign.filter((url) => new URL(url).host !== origin)).toEqual([]);
    expect(errors).toEqual([]);
  });

  for (const [device, viewport] of [
    ['a phone', { width: 412, height: 823 }],
    ['a wide screen', { width: 1280, height: 800 }],
  ] as const) {
    test(`on ${device} draws the basemap from vector tiles, and nothing on the page moves`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      // Every layout shift the browser reports while the page loads and the map starts.
      const layout = await watchLayoutShifts(page);
      const basemap = watchBasemap(page);
      await page.goto('/');
      // The page's own text is there before the map.
      await expect(page.getByTestId('map-intro')).toBeVisible();
      expect((await basemap.firstTile).headers()['content-type']).toBe(
        'application/vnd.mapbox-vector-tile',
      );
      await expect(page.getByTestId('map-extent')).toContainText('Zoom', { timeout: 20_000 });
      await expect.poll(() => paintedPixels(page), { timeout: 20_000 }).toBeGreaterThan(1000);
      // The footprints and the list beside (or below) the map have arrived.
      await expect(page.getByTestId('footprint-count')).toContainText(
        /\d+ Datens(atz|ätze) im Ausschnitt/,
        { timeout: 20_000 },
      );
      await page.waitForTimeout(500);
      // Only tiles of the zoom in view, never a whole layer's GeoJSON.
      const tiles = basemap.paths.filter((path) => path.startsWith('/geoth/basemap/tiles/'));
      expect(tiles.length).toBeGreaterThan(0);
      expect(tiles.length).toBeLessThanOrEqual(24);
      expect(new Set(tiles.map((path) => path.split('/')[4])).size).toBeLessThanOrEqual(2);
      expect(notTiles(basemap.paths)).toEqual([]);
      // Nothing moves: the status bar holds the extent's line before the map writes it, and
      // the count's line holds the spinner's height.
      expect(await layout.shifts()).toEqual([]);
    });
  }

  test('a worker fetches and draws the basemap, in the colours of the colour scheme', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await openMap(page);
    // The land of the light palette (basemap-style.ts, gray-0).
    const lightLand = () => mapPixels(page, [248, 249, 250]);
    const darkLand = () => mapPixels(page, [46, 46, 46]);
    await expect.poll(lightLand, { timeout: 20_000 }).toBeGreaterThan(5000);
    // The tiles were fetched by the basemap's worker, none by the page itself, whose main
    // thread therefore neither parsed nor drew them.
    const worker = page.workers().find((candidate) => /basemap\.worker/.test(candidate.url()));
    expect(worker).toBeDefined();
    const tilesOf = (names: string[]) => names.filter((name) => /\/basemap\/tiles\//.test(name));
    const fetchedByWorker = await worker?.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(tilesOf(fetchedByWorker ?? []).length).toBeGreaterThan(0);
    const fetchedByPage = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(tilesOf(fetchedByPage)).toEqual([]);
    // The worker draws again in the dark palette when the colour scheme changes.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(darkLand, { timeout: 20_000 }).toBeGreaterThan(5000);
    expect(await lightLand()).toBe(0);
    // Zooming in asks the worker for the finer tiles, and it draws them.
    await page.getByRole('button', { name: 'Hineinzoomen' }).first().click();
    await expect
      .poll(
        async () =>
          tilesOf(
            (await worker?.evaluate(() =>
              performance.getEntriesByType('resource').map((entry) => entry.name),
            )) ?? [],
          ).some((name) => /\/tiles\/[67]\//.test(name)),
        { timeout: 20_000 },
      )
      .toBe(true);
    await expect.poll(darkLand, { timeout: 20_000 }).toBeGreaterThan(5000);
    expect(errors).toEqual([]);
  });

  test('pans with the arrow keys and zooms with + and − once focused; Tab leaves', async ({
    page,
  }) => {
    await openMap(page);
    const map = page.getByRole('region', { name: 'Karte' });
    await expect.poll(() => paintedPixels(page), { timeout: 20_000 }).toBeGreaterThan(1000);
    await map.focus();
    await expect(map).toBeFocused();
    const before = await extentText(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => extentText(page)).not.toBe(before);
    const zoomOf = async () => (await viewOf(page)).zoom ?? 0;
    const zoom = await zoomOf();
    await page.keyboard.press('+');
    await expect.poll(zoomOf).toBeGreaterThan(zoom);
    // The view is now in the address: a new entry for back and forward.
    await expect(page).toHaveURL(/[?&]c=[\d.-]+%2C[\d.-]+&z=[\d.]+/);
    const zoomedIn = await zoomOf();
    await page.keyboard.press('-');
    await expect.poll(zoomOf, { timeout: 20_000 }).toBeLessThan(zoomedIn);
    await page.keyboard.press('Tab');
    await expect(map).not.toBeFocused();
    // OpenLayers' own buttons carry the page's language (set before the map is attached).
    await expect(page.getByRole('button', { name: 'Hineinzoomen' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Auf Deutschland zoomen' })).toBeVisible();
  });

  test('a shared address restores centre, zoom and layers; back and forward move the view', async ({
    page,
  }) => {
    await openMap(page, '/?c=13.40495%2C52.52001&z=9');
    await expect(page.getByTestId('map-extent')).toContainText(/Zoom 9\b/);
    await expect(page.getByTestId('map-extent')).toContainText(/W 1[23],\d+ S 5[12],\d+/);
    const map = page.getByRole('region', { name: 'Karte' });
    await map.focus();
    await page.keyboard.press('+');
    await expect(page).toHaveURL(/z=10\b/);
    await page.goBack();
    await expect(page).toHaveURL(/z=9\b/);
    await expect(page.getByTestId('map-extent')).toContainText(/Zoom 9\b/);
    await page.goForward();
    await expect(page.getByTestId('map-extent')).toContainText(/Zoom 10\b/);
  });

  test('a record page\'s "show on the main map" address opens the map fitted to its box', async ({
    page,
  }) => {
    await openMap(page, '/?bbox=9.5%2C52.1%2C11.6%2C53');
    // The box fills the map with a margin: inside the view, and far closer than Germany.
    await expect
      .poll(async () => {
        const { west = 0, south = 0, east = 0, north = 0, zoom = 0 } = await viewOf(page);
        return west <= 9.5 && south <= 52.1 && east >= 11.6 && north >= 53 && zoom >= 7;
      })
      .toBe(true);
    const { west = 0, east = 0 } = await viewOf(page);
    expect(east - west).toBeLessThan(6);
    // The record's own box is outlined in the highlight blue over every footprint.
    await expect.poll(() => mapPixels(page, [24, 100, 171], 24)).toBeGreaterThan(200);
    // Once the visitor moves the map, its own view takes the box's place in the address.
    await page.getByRole('region', { name: 'Karte' }).focus();
    await page.keyboard.press('+');
    await expect(page).toHaveURL(/[?&]c=[^&]+&z=/);
    expect(page.url()).not.toContain('bbox=');
  });

  test('shows pointer coordinates in the chosen system and measures a distance', async ({
    page,
  }) => {
    await openMap(page);
    const box = await page.getByRole('region', { name: 'Karte' }).boundingBox();
    if (!box) throw new Error('no map box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByTestId('pointer-coordinates')).toContainText(/\d+,\d{5}; \d+,\d{5}/);
    await page.getByRole('combobox', { name: 'Koordinatensystem' }).selectOption('EPSG:25832');
    await expect(page.getByTestId('pointer-coordinates')).toContainText(/\d{6}; \d{7}/);

    await page.locator('label', { hasText: 'Strecke' }).click();
    // The hint shows once the drawing tool has loaded.
    await expect(page.getByTestId('measure-result')).toContainText('Doppelklick beendet');
    await page.mouse.click(box.x + box.width / 2 - 100, box.y + box.height / 2);
    await page.mouse.dblclick(box.x + box.width / 2 + 100, box.y + box.height / 2);
    await expect(page.getByTestId('measure-result')).toContainText(/Gemessen: \d+(,\d+)? km/);
  });

  test('finds a place among the offline names and moves the map there', async ({ page }) => {
    await openMap(page);
    // Places of one name say what they are.
    await page.getByRole('searchbox', { name: 'Ort suchen' }).fill('Berlin');
    await page.getByRole('button', { name: 'Ort finden' }).click();
    const found = page.getByRole('list', { name: 'Gefundene Orte' });
    await expect(found.getByRole('button', { name: 'Berlin Land', exact: true })).toBeVisible();
    await expect(
      found.getByRole('button', { name: 'Berlin Hauptstadt', exact: true }),
    ).toBeVisible();
    await page.getByRole('searchbox', { name: 'Ort suchen' }).fill('Frankr');
    await page.getByRole('button', { name: 'Ort finden' }).click();
    await page
      .getByRole('list', { name: 'Gefundene Orte' })
      .getByRole('button', { name: 'Frankreich' })
      .click();
    await expect.poll(async () => (await viewOf(page)).west ?? 99).toBeLessThan(0);
    await expect(page.getByRole('region', { name: 'Karte' })).toBeFocused();
  });

  test('adds a local GeoJSON file as a layer, and removes it again', async ({ page }) => {
    await openMap(page, '/?c=10%2C50&z=7&q=keinTrefferZumTest');
    await page.getByRole('tab', { name: /Ebenen/ }).click();
    const violet = () => mapPixels(page, [112, 72, 232]);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Datei öffnen (GeoJSON, KML, GPX)' }).click();
    await (await chooser).setFiles({
      name: 'gebiet.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(
        JSON.stringify({
          type: 'Feature',
          properties: { name: 'Gebiet' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [9.5, 49.5],
                [10.5, 49.5],
                [10.5, 50.5],
                [9.5, 49.5],
              ],
            ],
          },
        }),
      ),
    });
    await expect(page.getByTestId('layer-item')).toContainText('gebiet.geojson');
    await expect.poll(violet, { timeout: 15_000 }).toBeGreaterThan(50);
    // A local file has no address: the page address does not list it.
    expect(page.url()).not.toContain('l=');
    await page.getByRole('button', { name: '„gebiet.geojson“ entfernen' }).click();
    await expect(page.getByTestId('layer-item')).toHaveCount(0);
    await expect.poll(violet).toBe(0);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds nothing on the home page (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await openMap(page);
      await expect.poll(() => paintedPixels(page), { timeout: 20_000 }).toBeGreaterThan(1000);
      await expectAccessible(page, `home (${scheme})`);
    });
  }

  test('works on a 320 px wide phone', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await openMap(page);
    await expectAccessible(page, 'home (320 px)');
    // The basemap and the tools fold away, so the map starts in the upper half of the screen.
    const basemap = page.getByRole('combobox', { name: 'Hintergrundkarte' });
    await expect(basemap).toBeHidden();
    const box = await page.getByRole('region', { name: 'Karte' }).boundingBox();
    expect(box?.y ?? 640).toBeLessThan(320);
    const toggle = page.getByRole('button', { name: 'Werkzeuge einblenden' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(basemap).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mein Standort' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Werkzeuge ausblenden' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expectAccessible(page, 'home (320 px, tools shown)');
  });

  test('credits the offline basemap in the attribution control', async ({ page }) => {
    await openMap(page);
    const attribution = page.locator('.ol-attribution');
    // Open on a wide screen, with the Natural Earth and places credit of /geoth/basemap.
    await expect(attribution).toContainText('Natural Earth');
    await expect(attribution).toContainText('CC BY 4.0');
    await expect(attribution.getByRole('button', { name: 'Quellenangaben' })).toBeVisible();
  });

  test('on a phone a footprint opens as a sheet below the place, not over it', async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width: 375, height: 700 });
    await openMap(page);
    const list = page.getByRole('list', { name: 'Datensätze im Kartenausschnitt' });
    await expect(list.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 });
    await list
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /auf der Karte zeigen/ })
      .click();
    const sheet = page.getByRole('dialog', { name: 'Datensätze an dieser Stelle' });
    await expect(sheet).toBeVisible();
    const map = await page.getByRole('region', { name: 'Karte' }).boundingBox();
    const box = await sheet.boundingBox();
    if (!map || !box) throw new Error('no map or sheet box');
    // Along the map's bottom edge, the map's full width, at most half its height: the upper
    // part, where the view moved the place, stays free.
    expect(Math.abs(box.y + box.height - (map.y + map.height))).toBeLessThan(2);
    expect(Math.abs(box.width - map.width)).toBeLessThan(2);
    expect(box.height).toBeLessThanOrEqual(map.height / 2 + 1);
    // A finger has left the screen: no hover.
    await page.mouse.move(0, 0);
    await expectAccessible(page, 'home (phone, footprint sheet)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'home (phone, footprint sheet, dark)');
    await sheet.getByRole('button', { name: 'Schließen' }).click();
    await expect(sheet).toBeHidden();
  });

  test('a footprint click opens its popup, which leads to the record', async ({ page }) => {
    // The map, its footprints, then the record page's own part: give a busy machine time.
    test.slow();
    // Without motion the fit to the footprint ends at once: a click into the middle of the
    // map must not land while the view is still on its way (a click also stops the flight).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openMap(page);
    const list = page.getByRole('list', { name: 'Datensätze im Kartenausschnitt' });
    await expect(list.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 });
    // The results list is the non-map way in: "on the map" fits the map to a footprint and
    // opens its popup; the middle of the map then lies inside that footprint.
    await list
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /auf der Karte zeigen/ })
      .click();
    const popup = page.getByRole('dialog', { name: 'Datensätze an dieser Stelle' });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Schließen' }).click();
    await expect(popup).toBeHidden();

    // The map has settled where "on the map" put it: its address names the view.
    await expect(page).toHaveURL(/[?&]c=/);
    const box = await page.getByRole('region', { name: 'Karte' }).boundingBox();
    if (!box) throw new Error('no map box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // Hovering highlights the footprint's entry in the list.
    await expect(list.locator('li[class*="highlighted"]')).toHaveCount(1);
    // On a busy machine a click can come while the map still settles and go unanswered (once
    // in a full CI run); a person clicks again, and so does the test.
    await expect(async () => {
      if (!(await popup.isVisible())) {
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      }
      await expect(popup).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    const link = popup.getByRole('link').first();
    const title = (await link.textContent()) ?? '';
    expect(title).not.toBe('');
    // Clicked at once: the map's own address update (due 400 ms after the popup panned the
    // map) must not cancel the navigation the click started.
    await link.click();
    await expect(page).toHaveURL(/\/metadata\/[\w-]+$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });
});

test.describe('map viewer with a real WMS', () => {
  test.describe.configure({ mode: 'serial' });
  let wms: RunningMapServer;
  test.beforeAll(async () => {
    wms = await startMapServer();
  });
  test.afterAll(async () => {
    await wms?.stop();
  });

  /** Pixels of the test areas' fill (MapServer draws them 200, 40, 40). */
  const wmsPixels = (page: Page) => mapPixels(page, [200, 40, 40], 15);

  test('adds the WMS through the UI: drawn, with legend and feature info', async ({ page }) => {
    const errors = collectErrors(page);
    // Centred on the Isar test area; a query without hits keeps footprints out of the click.
    await openMap(page, '/?c=11.6%2C48.15&z=8&q=keinTrefferZumTest');
    await page.getByRole('tab', { name: /Ebenen/ }).click();
    await page.getByRole('combobox', { name: 'Art der Ebene' }).selectOption('wms');
    await page.getByRole('textbox', { name: 'Adresse (URL)' }).fill(mapserverUrl());
    await page.getByRole('button', { name: 'Ebenen des Dienstes laden' }).click();
    await page.getByRole('checkbox', { name: 'Testgebiete' }).check();
    await page.getByRole('button', { name: 'Ebene hinzufügen' }).click();

    const item = page.getByTestId('layer-item');
    await expect(item).toContainText('Testgebiete');
    await expect.poll(() => wmsPixels(page), { timeout: 20_000 }).toBeGreaterThan(500);
    expect(wms.requests.some((query) => /REQUEST=GetMap/i.test(query))).toBe(true);
    // The service's Attribution from its capabilities is credited on the map, as a link.
    const credit = page
      .locator('.ol-attribution')
      .getByRole('link', { name: 'Testamt für Geodaten' });
    await expect(credit).toHaveAttribute('href', 'https://geodaten.example/');

    const legend = page.getByRole('img', { name: 'Legende von „Testgebiete“' });
    await expect(legend).toBeVisible();
    await expect
      .poll(() => legend.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);

    // Opacity, order and visibility are in the address: a shared link shows the same.
    await expect(page).toHaveURL(/[?&]l=wms%7C1%7C100%7Ctestgebiete%7C/);

    const box = await page.getByRole('region', { name: 'Karte' }).boundingBox();
    if (!box) throw new Error('no map box');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const info = page.getByTestId('feature-info');
    await expect(info).toContainText("name = 'Testgebiet Isar'");
    await expect(info).toContainText('ISAR-1');
    expect(errors).toEqual([]);
  });

  test('an "open in map" link adds the named layer of the service', async ({ page }) => {
    const link = new URLSearchParams({ layer: `wms:${mapserverUrl()}`, name: 'testgebiete' });
    await openMap(page, `/?${link.toString()}`);
    await page.getByRole('tab', { name: /Ebenen/ }).click();
    await expect(page.getByTestId('layer-item')).toContainText('testgebiete');
    await expect.poll(() => wmsPixels(page), { timeout: 20_000 }).toBeGreaterThan(100);
    // Hiding the layer takes its pixels away.
    await page.getByRole('checkbox', { name: 'testgebiete' }).uncheck();
    await expect.poll(() => wmsPixels(page)).toBe(0);
  });

  test('a layer added from a record survives reload and a shared link', async ({
    page,
    browser,
  }) => {
    test.slow();
    // A published record naming the test WMS and its layer.
    const word = `Isarauen${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 8)}`;
    const admin = await signedIn(browser, 'admin', 'admin-demo');
    const adminPage = await admin.newPage();
    const title = `Testgebiete ${word}`;
    const id = await createRecordInPage(adminPage, {
      ...completeMetadata(title),
      extent: { west: 11.3, south: 48.0, east: 11.9, north: 48.3 },
      onlineResources: [{ url: mapserverUrl(), protocol: 'wms', layer: 'testgebiete' }],
    });
    for (const state of ['submitted', 'published']) {
      expect((await apiInPage(adminPage, 'PUT', `/object/${id}/state`, { state })).status).toBe(
        200,
      );
    }
    await admin.close();

    await openMap(page, `/?c=11.6%2C48.15&z=8&q=${word}`);
    await page.getByRole('button', { name: `Kartendienste von „${title}“ hinzufügen` }).click();
    await page.getByRole('tab', { name: /Ebenen/ }).click();
    await expect(page.getByTestId('layer-item')).toContainText(title);
    await expect(page).toHaveURL(/[?&]l=wms%7C1%7C100%7Ctestgebiete%7C/);
    await expect.poll(() => wmsPixels(page), { timeout: 20_000 }).toBeGreaterThan(100);

    // Reloaded: the same layer from the address, drawn again.
    const shared = page.url();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Karte' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('tab', { name: /Ebenen/ }).click();
    await expect(page.getByTestId('layer-item')).toContainText('testgebiete');
    await expect.poll(() => wmsPixels(page), { timeout: 20_000 }).toBeGreaterThan(100);

    // Shared: someone else opening the address sees it too.
    const other = await browser.newContext();
    const visitor = await other.newPage();
    await openMap(visitor, shared.replace(/^https?:\/\/[^/]+/, ''));
    await visitor.getByRole('tab', { name: /Ebenen/ }).click();
    await expect(visitor.getByTestId('layer-item')).toContainText('testgebiete');
    await expect.poll(() => wmsPixels(visitor), { timeout: 20_000 }).toBeGreaterThan(100);
    await other.close();
  });

  test('says plainly why a service cannot be used, and offers its capabilities URL', async ({
    page,
  }) => {
    await openMap(page, '/?q=keinTrefferZumTest');
    await page.getByRole('tab', { name: /Ebenen/ }).click();
    const url = page.getByRole('textbox', { name: 'Adresse (URL)' });
    const load = page.getByRole('button', { name: 'Ebenen des Dienstes laden' });

    // A host neither published in a record nor on the operator's list.
    const elsewhere = mapserverUrl().replace('127.0.0.1', '127.0.0.2');
    await url.fill(elsewhere);
    await load.click();
    const problem = page.getByTestId('service-problem');
    await expect(problem).toContainText('ruft keine Kartendienste von 127.0.0.2');
    const capabilities = problem.getByRole('link');
    await expect(capabilities).toHaveAttribute('href', /^http:\/\/127\.0\.0\.2:\d+\/wms\?/);
    await expect(capabilities).toHaveAttribute('href', /REQUEST=GetCapabilities/);
    await expect(problem.getByRole('button', { name: 'Capabilities-URL kopieren' })).toBeVisible();

    // A host that answers, but not with WMS capabilities.
    await url.fill(`${mapserverUrl()}?SERVICE=WFS`);
    await load.click();
    await expect(problem).toContainText('nicht als Kartendienst');
    await expectAccessible(page, 'home (service problem)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'home (service problem, dark)');
  });
});
