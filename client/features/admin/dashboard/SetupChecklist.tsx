// "Set up your site" (admins): what is still to fill in for the site to be the firm's own, each
// item linking to where it is filled in and ticked once it is. Left out once everything is done.
import { Anchor, List, Paper, Progress, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { SetupItem } from '@server/settings/setup-checklist.service';
import { trpc } from '@client/trpc';

const LABELS: Record<SetupItem, string> = {
  logo: 'Upload your logo',
  contact: 'Add your contact details',
  homeContent: 'Write your home page (founder, testimonials)',
  firstEvent: 'Create a first event',
  smtp: 'Set up e-mail sending (SMTP)',
};

/** Where each item is filled in. */
function ItemLink({ item, done, children }: { item: SetupItem; done: boolean; children: ReactNode }) {
  const look = { td: done ? 'line-through' : undefined, c: done ? 'dimmed' : undefined } as const;
  switch (item) {
    case 'logo':
    case 'contact':
      return (
        <Anchor renderRoot={(props) => <Link to="/admin/settings" search={{ tab: 'site' }} {...props} />} {...look}>
          {children}
        </Anchor>
      );
    case 'homeContent':
      return (
        <Anchor renderRoot={(props) => <Link to="/admin/home-page" {...props} />} {...look}>
          {children}
        </Anchor>
      );
    case 'firstEvent':
      return (
        <Anchor renderRoot={(props) => <Link to="/admin/events" search={{ create: true }} {...props} />} {...look}>
          {children}
        </Anchor>
      );
    case 'smtp':
      return (
        <Anchor renderRoot={(props) => <Link to="/admin/settings" search={{ tab: 'email' }} {...props} />} {...look}>
          {children}
        </Anchor>
      );
  }
}

function Tick({ done }: { done: boolean }) {
  return (
    <ThemeIcon size={22} radius="xl" color={done ? 'teal' : 'gray'} variant={done ? 'filled' : 'light'} aria-hidden>
      <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        {done ? <path d="m5 12 5 5 9-10" /> : <circle cx="12" cy="12" r="3" />}
      </svg>
    </ThemeIcon>
  );
}

export function SetupChecklist() {
  const checklist = trpc.dashboard.setupChecklist.useQuery();
  if (checklist.data === undefined || checklist.data.complete) return null;
  const { items } = checklist.data;
  const done = items.filter((item) => item.done).length;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="setup-heading">
      <Title order={2} id="setup-heading">
        Set up your site
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {done} of {items.length} done. Each step makes the public site more your own.
      </Text>
      <Progress value={(done / items.length) * 100} mb="md" aria-label={`${done} of ${items.length} set-up steps done`} />
      <List spacing="xs" listStyleType="none">
        {items.map((item) => {
          return (
            <List.Item key={item.key} icon={<Tick done={item.done} />}>
              <ItemLink item={item.key} done={item.done}>
                {LABELS[item.key]}
              </ItemLink>
              <Text span size="sm" c="dimmed">
                {item.done ? ' (done)' : ' (to do)'}
              </Text>
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}
