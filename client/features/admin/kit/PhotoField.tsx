// A square portrait picked in a form (the delegate form): the photo (or initials), an upload
// button and Remove. The picked file is cropped to its centred square, then uploaded at once as
// kind 'avatar' (JPG, GIF or PNG, 1 MB, checked again by the server); the form saves its URL.
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { cropToSquare } from './squarePhoto';
import { UPLOAD_FAILED_MESSAGE, UPLOAD_KINDS, UploadError, uploadFile } from './upload';

export function PhotoField({
  name,
  url,
  onChange,
  error,
}: {
  /** Whose photo: for the image's text and the initials. */
  name: string;
  url: string | null;
  onChange: (url: string | null) => void;
  error?: string | undefined;
}) {
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  // Closing the form stops the upload instead of reporting into a gone form.
  useEffect(() => () => inFlight.current?.abort(), []);

  const upload = async (file: File | null) => {
    if (file === null) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setFailure(null);
    setUploading(true);
    try {
      const uploaded = await uploadFile(await cropToSquare(file), 'avatar', controller.signal);
      if (!controller.signal.aborted) onChange(uploaded);
    } catch (caught) {
      if (!controller.signal.aborted) setFailure(caught instanceof UploadError ? caught.message : UPLOAD_FAILED_MESSAGE);
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setUploading(false);
      }
    }
  };

  const message = failure ?? error;
  const who = name.trim() === '' ? 'the delegate' : name.trim();
  return (
    <Group gap="md" align="center" wrap="nowrap">
      <Avatar src={url} name={name} color="navy" size={64} radius="md" alt={url === null ? '' : `Photo of ${who}`} />
      <Stack gap={4}>
        <Group gap="xs">
          <FileButton onChange={(file) => void upload(file)} accept={UPLOAD_KINDS.avatar.accept}>
            {(props) => (
              <Button {...props} variant="default" size="sm" loading={uploading}>
                {url === null ? 'Upload Photo' : 'Change Photo'}
              </Button>
            )}
          </FileButton>
          {url !== null && (
            <Button variant="subtle" color="gray" size="sm" onClick={() => onChange(null)} disabled={uploading}>
              Remove Photo
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {`${UPLOAD_KINDS.avatar.hint} Cropped to a square.`}
        </Text>
        {message !== undefined && message !== null && (
          <Text size="sm" c="red" role="alert">
            {message}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
