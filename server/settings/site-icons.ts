// The site's icons, made from its logo with sharp when the logo is saved: the favicon (32 px), the
// iPhone home-screen icon (180 px, on white: iOS shows transparency as black) and a large one
// (512 px, also the link previews' image). Written beside the logo in the uploads folder, so they
// are served, backed up and restored like every upload.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { InvalidInputError, invalidField } from '@server/core/errors';
import { ICON_SIZES, iconUrlOf } from '@server/shared/site-identity';

function fileOf(uploadsDir: string, url: string): string {
  return path.join(uploadsDir, path.basename(url));
}

/** Makes the three icons of `logoUrl` unless they exist; refuses a logo that is missing or unreadable. */
export async function makeSiteIcons(uploadsDir: string, logoUrl: string): Promise<void> {
  const logo = fileOf(uploadsDir, logoUrl);
  if (!fs.existsSync(logo)) throw invalidField('logoUrl', 'api.identity.logoUnreadable');
  try {
    for (const size of ICON_SIZES) {
      const target = fileOf(uploadsDir, iconUrlOf(logoUrl, size));
      if (fs.existsSync(target)) continue;
      const background = size === 180 ? { r: 255, g: 255, b: 255, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 };
      const icon = sharp(logo).resize(size, size, { fit: 'contain', background });
      // Written under a temporary name first: a half-written icon is never served.
      const temporary = `${target}.part`;
      await (size === 180 ? icon.flatten({ background }) : icon).png().toFile(temporary);
      fs.renameSync(temporary, target);
    }
  } catch (error) {
    if (error instanceof InvalidInputError) throw error;
    throw new InvalidInputError('api.identity.logoUnreadable', { fields: { logoUrl: 'api.identity.logoUnreadable' }, cause: error });
  }
}
