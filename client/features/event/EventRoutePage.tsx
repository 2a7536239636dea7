// An event's page under the app's router: what signed-in staff (whose pages the browser renders)
// and the development server see at /events/<id>.
import { useParams } from '@tanstack/react-router';
import { EventPage } from './EventPage';

export function EventRoutePage() {
  const { eventId } = useParams({ from: '/public/events/$eventId' });
  return <EventPage eventId={eventId} />;
}
