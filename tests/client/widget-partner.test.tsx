// The partner a widget booking is credited to: the ?partner= of the widget page, only inside a frame
// and only when the page framing it is that site (one allowed partner cannot claim another's).
import { describe, expect, it } from 'vitest';
import { type FramedView, widgetPartner } from '@client/features/embed/widget-partner';

function framed(search: string, framing: { ancestors?: string[]; referrer?: string }): FramedView {
  const view: FramedView = {
    parent: {},
    location: { search, ancestorOrigins: framing.ancestors === undefined ? undefined : Object.assign([...framing.ancestors], { length: framing.ancestors.length }) },
    document: { referrer: framing.referrer ?? '' },
  };
  return view;
}

describe('widgetPartner', () => {
  it('credits the site that frames the widget when it is the one claimed', () => {
    expect(widgetPartner(framed('?partner=https%3A%2F%2Fchamber.example', { ancestors: ['https://chamber.example'] }))).toBe('https://chamber.example');
    expect(widgetPartner(framed('?partner=https%3A%2F%2Fchamber.example%2F', { referrer: 'https://chamber.example/events/page?x=1' }))).toBe('https://chamber.example');
  });

  it('credits no one when another site frames it, outside a frame, or without a readable claim', () => {
    expect(widgetPartner(framed('?partner=https%3A%2F%2Fchamber.example', { ancestors: ['https://agency.example'] }))).toBeUndefined();
    expect(widgetPartner(framed('?partner=https%3A%2F%2Fchamber.example', { referrer: 'https://agency.example/' }))).toBeUndefined();
    expect(widgetPartner(framed('?partner=not-a-site', { ancestors: ['https://chamber.example'] }))).toBeUndefined();
    expect(widgetPartner(framed('', { ancestors: ['https://chamber.example'] }))).toBeUndefined();
    const alone = framed('?partner=https%3A%2F%2Fchamber.example', { referrer: 'https://chamber.example/' });
    alone.parent = alone;
    expect(widgetPartner(alone)).toBeUndefined();
  });

  it('keeps the claim when the browser tells neither the framing origin nor a referrer', () => {
    expect(widgetPartner(framed('?partner=https%3A%2F%2Fchamber.example', {}))).toBe('https://chamber.example');
  });
});
