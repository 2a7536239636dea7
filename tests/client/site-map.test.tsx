// The Site tab's map point: a click on the map sets it (Leaflet in jsdom, the map given a size),
// Clear empties it, tiles that cannot load leave a note over the map, and Save stores the point.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsPageTest, type SettingsUser } from './settings-page';

const page = settingsPageTest();

const MAP = 'Map: click the place to set the point';
const TILES_FAILED = 'Map tiles could not load. A click still sets the point; or enter the coordinates.';

beforeEach(() => {
  // jsdom lays nothing out: the map measures a 400 × 280 box, as a browser would give it.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(280);
});

async function openMap(user: SettingsUser): Promise<{ panel: HTMLElement; map: HTMLElement }> {
  const panel = await page.openTab(user, 'Site');
  await user.click(within(panel).getByText('OpenStreetMap view'));
  const map = await within(panel).findByRole('group', { name: MAP });
  // The box renders before the effect that makes it a Leaflet map; a click before then reaches
  // no handler (seen on a loaded CI machine). Leaflet marks its container once it holds the map.
  await waitFor(() => expect(map).toHaveClass('leaflet-container'));
  return { panel, map };
}

/** A click at a point of the map's box, in pixels from its top left corner. */
function clickAt(map: HTMLElement, x: number, y: number): void {
  fireEvent.click(map, { clientX: x, clientY: y });
}

async function storedIdentity(): Promise<Record<string, unknown>> {
  const saved = await page.server.env.deps.db.selectFrom('settings').select('value').where('key', '=', 'identity').executeTakeFirstOrThrow();
  return JSON.parse(saved.value) as Record<string, unknown>;
}

describe('Site tab map', () => {
  it('sets the point with a click on the map and saves it', async () => {
    const user = await page.renderSettings();
    const { panel, map } = await openMap(user);
    expect(within(panel).getByText('No point yet: click the map where the firm is.')).toBeInTheDocument();
    // The whole world shows, centred on 20° N, 0°: the box's centre is that place (to the pixel,
    // which at this zoom is about a tenth of a degree).
    clickAt(map, 200, 140);

    expect(await within(panel).findByText('Point: 19.973349, 0.000000')).toBeInTheDocument();
    // The keyboard's boxes hold the same point.
    await user.click(within(panel).getByRole('button', { name: 'Enter coordinates' }));
    expect(within(panel).getByLabelText(/Latitude/)).toHaveValue('19.973349');
    expect(within(panel).getByLabelText(/Longitude/)).toHaveValue('0');
    // A second click, 100 px east and 100 px north of the first, moves the point there.
    clickAt(map, 300, 40);
    // The world is 512 px wide at this zoom: 100 px is 70.3125° of longitude.
    expect(await within(panel).findByText('Point: 66.791909, 70.312500')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Site settings saved')).toBeInTheDocument();
    expect(await storedIdentity()).toMatchObject({ mapMode: 'embed', mapLatitude: 66.791909, mapLongitude: 70.3125 });
    // The marker stands on the map.
    expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(1);
  });

  it('clears the point, and Save then asks for one', async () => {
    const user = await page.renderSettings();
    const { panel, map } = await openMap(user);
    clickAt(map, 200, 140);
    await within(panel).findByText(/^Point: /);
    expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(1);
    const calls = page.watchCalls('settings.updateIdentity');

    await user.click(within(panel).getByRole('button', { name: 'Clear' }));
    expect(within(panel).getByText('No point yet: click the map where the firm is.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
    expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(0);
    await user.click(within(panel).getByRole('button', { name: 'Save Changes' }));
    // The boxes open by themselves to show why.
    expect(await within(panel).findByText('Latitude is required for the map')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Enter coordinates' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByLabelText(/Latitude/)).toHaveValue('');
    page.expectNothingSent(calls);
  });

  it('shows a note over the map when its tiles cannot load, and a click still sets the point', async () => {
    const user = await page.renderSettings();
    const { panel, map } = await openMap(user);
    expect(within(panel).queryByText(TILES_FAILED)).not.toBeInTheDocument();
    const tiles = map.querySelectorAll('img.leaflet-tile');
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles[0]?.getAttribute('src')).toMatch(/^https:\/\/tile\.openstreetmap\.org\/1\/\d\/\d\.png$/);
    fireEvent.error(tiles[0] as Element);

    expect(await within(panel).findByRole('status')).toHaveTextContent(TILES_FAILED);
    clickAt(map, 200, 140);
    expect(await within(panel).findByText('Point: 19.973349, 0.000000')).toBeInTheDocument();
  });

  it('shows a saved point under the map and on it', async () => {
    await page.server.env.deps.db
      .insertInto('settings')
      .values({ key: 'identity', value: JSON.stringify({ mapMode: 'link', mapLatitude: 53.4808, mapLongitude: -2.2426 }) })
      .execute();
    const user = await page.renderSettings();
    const panel = await page.openTab(user, 'Site');
    const map = await within(panel).findByRole('group', { name: MAP });
    expect(within(panel).getByText('Point: 53.480800, -2.242600')).toBeInTheDocument();
    await waitFor(() => expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(1));
    // The view is the street around the point.
    expect(map.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(/^https:\/\/tile\.openstreetmap\.org\/15\//);
  });
});
