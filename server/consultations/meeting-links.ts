// A room of its own for each consultation of a type that asks for one: the settings' meeting base
// URL (a self-hosted Jitsi, say) followed by the firm's name and random words, e.g.
// https://meet.example.org/global-reach-calm-river-bright-harbor-417 (about 34 bits of chance:
// nobody finds a room by guessing). Only the visitor's messages, their calendar file, the manage
// page and the consultant's calendar and notice carry it.
import { randomInt } from 'node:crypto';

const ADJECTIVES = [
  'amber', 'brave', 'bright', 'calm', 'clear', 'clever', 'cool', 'crisp', 'deep', 'eager', 'early', 'easy', 'fair', 'fast', 'fine', 'firm',
  'fresh', 'gentle', 'glad', 'golden', 'grand', 'green', 'happy', 'honest', 'keen', 'kind', 'light', 'lively', 'lucky', 'merry', 'mild', 'modern',
  'noble', 'open', 'plain', 'polite', 'proud', 'quick', 'quiet', 'rapid', 'rare', 'ready', 'royal', 'silver', 'simple', 'smart', 'smooth', 'solid',
  'steady', 'still', 'strong', 'sunny', 'swift', 'tidy', 'true', 'vast', 'vivid', 'warm', 'wise', 'witty', 'young', 'zesty', 'bold', 'cosy',
] as const;

const NOUNS = [
  'anchor', 'apple', 'arrow', 'bay', 'beacon', 'birch', 'bridge', 'brook', 'canyon', 'castle', 'cedar', 'cliff', 'cloud', 'comet', 'coral', 'crane',
  'delta', 'dune', 'eagle', 'falcon', 'fern', 'field', 'fjord', 'forest', 'garden', 'glade', 'harbor', 'hill', 'island', 'lagoon', 'lake', 'lantern',
  'maple', 'meadow', 'mesa', 'moon', 'oak', 'ocean', 'orchard', 'otter', 'peak', 'pine', 'planet', 'prairie', 'quay', 'reef', 'ridge', 'river',
  'robin', 'sail', 'shore', 'spring', 'star', 'stone', 'summit', 'thicket', 'tide', 'trail', 'valley', 'violet', 'wave', 'willow', 'wind', 'zephyr',
] as const;

function pick<T>(list: readonly T[]): T {
  return list[randomInt(list.length)] as T;
}

/** The firm's name as a room name's first part: lower-case letters and digits joined by hyphens. */
export function firmSlug(siteName: string): string {
  const slug = siteName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/, '');
  return slug === '' ? 'meeting' : slug;
}

/** A new room under `baseUrl` for the firm `siteName`. */
export function newMeetingUrl(baseUrl: string, siteName: string): string {
  const words = [pick(ADJECTIVES), pick(NOUNS), pick(ADJECTIVES), pick(NOUNS), String(randomInt(100, 1000))];
  return `${baseUrl.replace(/\/+$/, '')}/${firmSlug(siteName)}-${words.join('-')}`;
}
