// A square portrait picked in a form (the delegate form): the photo (or initials), an upload
// button and Remove. The picked file is cropped to its centred square, then uploaded at once as
// kind 'avatar' (JPG, GIF or PNG, 1 MB, checked again by the server); the form saves its URL.
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { cropToSquare } from './square-photo';
import { UPLOAD_KINDS } from './upload';
import { useImmediateUpload } from './use-immediate-upload';

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
  const { uploading, failure, upload } = useImmediateUpload('avatar', onChange, cropToSquare);

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
