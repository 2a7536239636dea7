// A file sent to POST /api/uploads as soon as it is picked (avatars, delegate photos): the state of
// that one upload, a newer pick replacing it, and no report into a form that has gone away.
import { useEffect, useRef, useState } from 'react';
import { UPLOAD_FAILED_MESSAGE, type UploadKind, UploadError, uploadFile } from './upload';

export function useImmediateUpload(
  kind: UploadKind,
  onUploaded: (url: string) => void,
  /** Turns the picked file into what is sent (e.g. a square crop); the file itself by default. */
  prepare: (file: File) => Promise<File> = (file) => Promise.resolve(file),
) {
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  // Leaving the form stops the upload instead of reporting into a gone form.
  useEffect(() => () => inFlight.current?.abort(), []);

  const upload = async (file: File | null) => {
    if (file === null) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setFailure(null);
    setUploading(true);
    try {
      const uploaded = await uploadFile(await prepare(file), kind, controller.signal);
      if (!controller.signal.aborted) onUploaded(uploaded);
    } catch (caught) {
      if (!controller.signal.aborted) setFailure(caught instanceof UploadError ? caught.message : UPLOAD_FAILED_MESSAGE);
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setUploading(false);
      }
    }
  };

  return { uploading, failure, upload };
}
