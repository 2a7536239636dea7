// Check-in at the door, made for a phone: choose the session and the slot, then scan a booking's QR
// code with the camera, type its code, or pick the person from the slot's list. Each answer is read
// out (a live region) and shown in colour: checked in, already checked in (when and by whom), or
// refused with the reason. After the slot, Mark No-shows records who did not come.
import { Alert, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { CHECK_IN_CODE_MESSAGE } from '@server/check-in/check-in.schemas';
import { messageOf, trpc } from '@client/trpc';
import { AdminPage } from '@client/features/admin/kit/AdminPage';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { frameReader } from './qr-scanner';
import { useDates } from '@client/use-dates';

type Answer = { tone: 'ok' | 'already' | 'refused'; text: string };

export function CheckInPage() {
  const { timeZone } = useSiteTimezone();
  const dates = useDates();
  const sessions = trpc.sessions.list.useQuery({ pageSize: 100 });
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [timeSlotId, setTimeSlotId] = useState<string | null>(null);
  const session = trpc.sessions.get.useQuery({ id: sessionId ?? '' }, { enabled: sessionId !== null });

  return (
    <AdminPage title="Check-in" subtitle="Scan a booking's QR code, type its code or pick the person from the list.">
      <Stack gap="md" maw={640}>
        <Select
          label="Session"
          placeholder="Choose a session"
          searchable
          data={(sessions.data?.items ?? []).map((item) => ({ value: item.id, label: `${item.title} (${item.eventTitle})` }))}
          value={sessionId}
          onChange={(value) => {
            setSessionId(value);
            setTimeSlotId(null);
          }}
        />
        {sessionId !== null && (
          <Select
            label="Time slot"
            placeholder={session.isPending ? 'Loading time slots...' : 'Choose a time slot'}
            data={(session.data?.timeSlots ?? []).map((slot) => ({ value: slot.id, label: dates.range(slot.startTime, slot.endTime, timeZone) }))}
            value={timeSlotId}
            onChange={setTimeSlotId}
          />
        )}
        {timeSlotId !== null && <SlotCheckIn key={timeSlotId} timeSlotId={timeSlotId} timeZone={timeZone} />}
      </Stack>
    </AdminPage>
  );
}

function SlotCheckIn({ timeSlotId, timeZone }: { timeSlotId: string; timeZone: string }) {
  const dates = useDates();
  const utils = trpc.useUtils();
  const list = trpc.checkIn.list.useQuery({ timeSlotId });
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [code, setCode] = useState('');
  const [search, setSearch] = useState('');
  const checkIn = trpc.checkIn.checkIn.useMutation({
    onSuccess: (result) => setAnswer({ tone: result.result === 'checked-in' ? 'ok' : 'already', text: result.message }),
    onError: (error) => setAnswer({ tone: 'refused', text: messageOf(error, 'The booking could not be checked in.') }),
    onSettled: () => utils.checkIn.list.invalidate({ timeSlotId }),
  });
  const noShows = trpc.checkIn.markNoShows.useMutation({
    onSuccess: (result) => setAnswer({ tone: 'ok', text: `${result.marked} marked as no-show.` }),
    onError: (error) => setAnswer({ tone: 'refused', text: messageOf(error, 'No-shows could not be marked.') }),
    onSettled: () => utils.checkIn.list.invalidate({ timeSlotId }),
  });
  const submitCode = (value: string) => {
    const cleaned = value.replace(/[\s-]/g, '').toUpperCase();
    if (!/^[A-Z0-9]{10}$/.test(cleaned)) {
      setAnswer({ tone: 'refused', text: CHECK_IN_CODE_MESSAGE });
      return;
    }
    checkIn.mutate({ timeSlotId, code: cleaned });
  };

  const shown = (list.data?.items ?? []).filter((item) => item.participantName.toLowerCase().includes(search.trim().toLowerCase()));
  const color = answer?.tone === 'ok' ? 'teal' : answer?.tone === 'already' ? 'yellow' : 'red';

  return (
    <Stack gap="md">
      <div role="status" aria-live="polite">
        {answer !== null && (
          <Alert color={color} title={answer.tone === 'ok' ? 'Checked in' : answer.tone === 'already' ? 'Already checked in' : 'Not checked in'}>
            {answer.text}
          </Alert>
        )}
      </div>
      <Scanner onCode={submitCode} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitCode(code);
        }}
      >
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput label="Check-in code" value={code} onChange={(event) => setCode(event.currentTarget.value)} autoCapitalize="characters" autoComplete="off" style={{ flex: 1, minWidth: 0 }} />
          <Button type="submit" loading={checkIn.isPending}>
            Check In
          </Button>
        </Group>
      </form>
      {list.data !== undefined && (
        <>
          <Group justify="space-between">
            <Title order={2}>
              Attendance: {list.data.attended} / {list.data.expected}
            </Title>
            {list.data.ended && (
              <Button variant="light" color="red" loading={noShows.isPending} onClick={() => noShows.mutate({ timeSlotId })}>
                Mark No-shows
              </Button>
            )}
          </Group>
          <TextInput label="Find by name" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
          <Table aria-label="Bookings of this time slot" layout="fixed">
            <Table.Tbody>
              {shown.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm" fw={600}>
                      {item.participantName}
                    </Text>
                    {item.checkedInAt !== null && (
                      <Text size="xs" c="dimmed">
                        {dates.time(item.checkedInAt, timeZone)}
                        {item.checkedInBy === null ? '' : ` by ${item.checkedInBy}`}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td w={120} ta="right">
                    {item.attendance === 'attended' ? (
                      <Badge color="teal">Attended</Badge>
                    ) : item.attendance === 'no-show' ? (
                      <Badge color="gray">No-show</Badge>
                    ) : (
                      <Button size="compact-sm" variant="light" onClick={() => checkIn.mutate({ timeSlotId, bookingId: item.id })} aria-label={`Check in ${item.participantName}`}>
                        Check In
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {shown.length === 0 && <Text size="sm">No bookings to show.</Text>}
        </>
      )}
    </Stack>
  );
}

/** The camera, started by a button (a browser asks first); each code read is sent once. */
function Scanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | undefined;
    let stopped = false;
    let lastCode = '';
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        const element = video.current;
        if (element === null || stopped) return;
        element.srcObject = stream;
        await element.play();
        const read = await frameReader();
        const tick = async () => {
          if (stopped) return;
          const found = await read(element).catch(() => null);
          if (found !== null && found !== lastCode) {
            lastCode = found;
            latest.current(found);
          }
          requestAnimationFrame(() => void tick());
        };
        void tick();
      } catch {
        setFailure('The camera could not be started. Type the code or pick the person from the list instead.');
        setOn(false);
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [on]);

  return (
    <Stack gap="xs">
      <Group>
        <Button variant={on ? 'default' : 'filled'} onClick={() => setOn((value) => !value)}>
          {on ? 'Stop Camera' : 'Scan QR Code'}
        </Button>
      </Group>
      {failure !== null && (
        <Text size="sm" c="red">
          {failure}
        </Text>
      )}
      {on && <video ref={video} muted playsInline aria-label="Camera" style={{ width: '100%', maxWidth: 480, borderRadius: 8 }} />}
    </Stack>
  );
}
