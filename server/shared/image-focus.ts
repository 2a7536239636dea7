// An event image's focal point: where its subject is, in percent of the picture's width and height
// from the top left. Pages that crop the picture (object-fit: cover) keep that point in view with
// object-position; no point is the centre, the crop pages had before a point could be set. Shared by
// the server (the schemas) and the client (the public pages and the back office's picker).

/** The centre: what a picture without a focal point shows. */
export const FOCUS_CENTRE = 50;

export interface ImageFocus {
  imageFocusX: number | null;
  imageFocusY: number | null;
}

/** `object-position` for a picture with this focal point: "30% 70%", "50% 50%" when none is set. */
export function imageObjectPosition(focus: Partial<ImageFocus> | undefined): string {
  const x = focus?.imageFocusX ?? null;
  const y = focus?.imageFocusY ?? null;
  return x === null || y === null ? `${FOCUS_CENTRE}% ${FOCUS_CENTRE}%` : `${x}% ${y}%`;
}
