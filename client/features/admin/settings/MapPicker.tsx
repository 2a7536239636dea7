// The Site tab's map: a click sets the point of the firm on the contact section's map. Loaded on its
// own (SiteTab imports it lazily), with Leaflet and its style sheet, so no other screen pays for them;
// the tiles come from OpenStreetMap only while the tab shows the map. When they do not load (no
// internet, a blocked host) a note says so over the map, and a click still sets the point.
import { Box, Text } from '@mantine/core';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import type { MapPoint } from '@server/shared/site-identity';

const TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a> contributors';
const TILES_FAILED = 'Map tiles could not load. A click still sets the point; or enter the coordinates.';

/** The whole world when there is no point yet; a street's scale around a point. */
const WORLD_VIEW = { center: [20, 0] as L.LatLngTuple, zoom: 1 };
const POINT_ZOOM = 15;

// An inline SVG pin: Leaflet's default marker is a PNG the bundle would have to ship and find.
const PIN = L.divIcon({
  className: '',
  html: '<svg xmlns="http://www.w3.org/2000/svg" width="28" height="40" viewBox="0 0 28 40" aria-hidden="true"><path d="M14 1C6.8 1 1 6.8 1 14c0 9.6 13 25 13 25s13-15.4 13-25C27 6.8 21.2 1 14 1z" fill="#1e3a5f" stroke="#fff" stroke-width="2"/><circle cx="14" cy="14" r="5" fill="#fff"/></svg>',
  iconSize: [28, 40],
  iconAnchor: [14, 39],
});

/** Latitude from -90 to 90, longitude wrapped into -180..180 (a click east of the date line). */
function pointOf(latlng: L.LatLng): MapPoint {
  const wrapped = latlng.wrap();
  return { latitude: Math.max(-90, Math.min(90, wrapped.lat)), longitude: wrapped.lng };
}

export function MapPicker({ point, onPick }: { point: MapPoint | null; onPick: (point: MapPoint) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  // The latest callback, read by the click handler bound once.
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });
  const [tilesFailed, setTilesFailed] = useState(false);
  const initialPoint = useRef(point);

  useEffect(() => {
    const element = container.current;
    if (element === null) return;
    const start = initialPoint.current;
    const created = L.map(element, { scrollWheelZoom: false, worldCopyJump: true });
    if (start === null) created.setView(WORLD_VIEW.center, WORLD_VIEW.zoom);
    else created.setView([start.latitude, start.longitude], POINT_ZOOM);
    L.tileLayer(TILE_URL, { maxZoom: 19, attribution: ATTRIBUTION })
      .on('tileerror', () => setTilesFailed(true))
      .on('tileload', () => setTilesFailed(false))
      .addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) => pick.current(pointOf(event.latlng)));
    map.current = created;
    // The tab may be hidden and shown again, or the window resized: Leaflet measures its box.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => created.invalidateSize());
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      created.remove();
      map.current = null;
      marker.current = null;
    };
  }, []);

  // The marker follows the point, whether set by a click, typed, or cleared.
  const latitude = point?.latitude;
  const longitude = point?.longitude;
  useEffect(() => {
    const current = map.current;
    if (current === null) return;
    if (latitude === undefined || longitude === undefined) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (marker.current === null) marker.current = L.marker([latitude, longitude], { icon: PIN, keyboard: false, interactive: false }).addTo(current);
    else marker.current.setLatLng([latitude, longitude]);
    // A point typed far from the view comes into it.
    if (!current.getBounds().contains([latitude, longitude])) current.setView([latitude, longitude], Math.max(current.getZoom(), POINT_ZOOM));
  }, [latitude, longitude]);

  return (
    <Box pos="relative">
      <Box
        ref={container}
        role="group"
        aria-label="Map: click the place to set the point"
        h={280}
        style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-4)', zIndex: 0 }}
      />
      {tilesFailed && (
        // Over the map but not in the way of clicks.
        <Box
          pos="absolute"
          left={12}
          right={12}
          top="50%"
          p="sm"
          bg="white"
          role="status"
          style={{ transform: 'translateY(-50%)', pointerEvents: 'none', zIndex: 500, borderRadius: 'var(--mantine-radius-md)', boxShadow: 'var(--mantine-shadow-sm)' }}
        >
          <Text size="sm" ta="center">
            {TILES_FAILED}
          </Text>
        </Box>
      )}
    </Box>
  );
}
