// The privacy page under the app's router: what signed-in staff (whose pages the browser renders)
// and the development server see at /privacy.
import { PrivacyPage } from './PrivacyPage';

export function PrivacyRoutePage() {
  return <PrivacyPage />;
}
