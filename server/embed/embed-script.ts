// The script a partner pastes in their page (GET /embed.js):
//   <script src="https://firm.example/embed.js" data-event="<event id>" data-lang="fr" async></script>
// or data-consultation instead of data-event. It puts an iframe of the widget page in place of the
// tag (this site's own booking flow, client/features/embed/), in the language of data-lang or else
// of the partner page's <html lang>, and sizes it to its content: the widget page posts its height
// to the partner's origin only, and the script takes it only from this site's origin and from its
// own frame. Plain ES2017, no dependency: it runs in whatever page the partner has.
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from '@server/shared/i18n/languages';
import { EMBED_PATHS } from './embed.schemas';
import { HEIGHT_MESSAGE, PARTNER_PARAM } from '@server/shared/embed-widget';

export function embedScript(): string {
  const prefixed = LANGUAGE_CODES.filter((code) => code !== DEFAULT_LANGUAGE);
  return `/* Booking widget: see docs/features.md, Partner sites. */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var site = new URL(script.src).origin;
  var eventId = script.getAttribute('data-event');
  var consultation = script.hasAttribute('data-consultation');
  if (!eventId && !consultation) {
    console.error('Booking widget: add data-event="<event id>" or data-consultation to the script tag.');
    return;
  }
  var languages = ${JSON.stringify(prefixed)};
  var asked = (script.getAttribute('data-lang') || document.documentElement.lang || '').slice(0, 2).toLowerCase();
  var prefix = languages.indexOf(asked) >= 0 ? '/' + asked : '';
  var path = eventId ? ${JSON.stringify(EMBED_PATHS.booking)} + encodeURIComponent(eventId) : ${JSON.stringify(EMBED_PATHS.consultation)};
  var frame = document.createElement('iframe');
  frame.src = site + prefix + path + '?${PARTNER_PARAM}=' + encodeURIComponent(window.location.origin);
  frame.title = script.getAttribute('data-title') || (asked === 'fr' ? 'Réservation' : 'Booking');
  frame.style.display = 'block';
  frame.style.width = '100%';
  frame.style.border = '0';
  frame.style.height = '640px';
  script.parentNode.insertBefore(frame, script.nextSibling);
  window.addEventListener('message', function (event) {
    if (event.origin !== site || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || data.type !== ${JSON.stringify(HEIGHT_MESSAGE)} || typeof data.height !== 'number' || !(data.height > 0)) return;
    frame.style.height = Math.ceil(Math.min(data.height, 20000)) + 'px';
  });
})();
`;
}
