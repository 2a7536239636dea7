// The choices of a time zone picker: every IANA zone the browser knows, UTC first, and the zone in
// use always among them. The browser's list (Intl.supportedValuesOf) has no 'UTC', nor the aliases
// a browser or an older record may hold ('US/Eastern', 'Asia/Calcutta'): a picker on that list alone
// shows an empty box for an account kept in UTC.
let browserZones: readonly string[] | undefined;

export function zoneChoices(current: string | null | undefined): string[] {
  browserZones ??= (() => {
    try {
      return Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC');
    } catch {
      return [];
    }
  })();
  const choices = ['UTC', ...browserZones];
  if (current !== null && current !== undefined && current !== '' && !choices.includes(current)) choices.push(current);
  return choices;
}
