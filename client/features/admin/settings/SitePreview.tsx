// The identity form's preview: the header, the buttons, the footer and an e-mail as they will look
// with the values on screen, before they are saved. The e-mail is the real message layout
// (server/shared/email-layout.ts), its body shown in place.
import { Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { renderMessage } from '@server/shared/email-layout';
import { DEFAULT_ACCENT, DEFAULT_PRIMARY, HEX_COLOUR, mix } from '@server/shared/brand-colours';
import { initialsOf, SOCIAL_NETWORKS } from '@server/shared/site-identity';
import type { SiteFormValues } from './SiteTab';

/** The inside of a rendered message's <body>, with the body's own background and padding kept. */
function bodyOf(html: string): string {
  const match = /<body style="([^"]*)">([\s\S]*)<\/body>/.exec(html);
  return match === null ? '' : `<div style="${match[1] ?? ''}">${match[2] ?? ''}</div>`;
}

function colourOr(value: string, fallback: string): string {
  return HEX_COLOUR.test(value.trim()) ? value.trim().toLowerCase() : fallback;
}

function Mark({ name, logoUrl, primary, accent, size }: { name: string; logoUrl: string; primary: string; accent: string; size: number }) {
  if (logoUrl !== '') return <img src={logoUrl} alt="" height={size} style={{ height: size, width: 'auto', maxWidth: 160 }} />;
  const initials = initialsOf(name);
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill={accent} />
      <text x="32" y="33" textAnchor="middle" dominantBaseline="central" fontSize={initials.length > 1 ? 26 : 32} fontWeight="700" fill={primary} fontFamily="Arial, sans-serif">
        {initials}
      </text>
    </svg>
  );
}

/** `hero`: the home page's first slide being edited (the Home Page editor's preview), shown in the page's body. */
export function SitePreview({ values, hero }: { values: SiteFormValues; hero?: { title: string; text: string } }) {
  const primary = colourOr(values.primaryColor, DEFAULT_PRIMARY);
  const accent = colourOr(values.accentColor, DEFAULT_ACCENT);
  const deep = mix(primary, '#000000', 0.45);
  const name = values.siteName.trim() === '' ? 'Site Name' : values.siteName.trim();
  const addressLines = values.addressLines.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
  const contact = [values.contactEmail.trim(), values.contactPhone.trim(), ...addressLines].filter((line) => line !== '');
  const social = SOCIAL_NETWORKS.filter((network) => values.social[network.key].trim() !== '').map((network) => network.label);
  const buttonStyle = { display: 'inline-block', padding: '8px 14px', borderRadius: 6, fontWeight: 700, fontSize: 14 } as const;

  const email = useMemo(
    () =>
      renderMessage({
        subject: `${name}: booking received`,
        siteName: name,
        signature: [name, ...addressLines, values.contactPhone.trim(), values.contactEmail.trim()].filter((line) => line !== ''),
        primaryColor: primary,
        logoUrl: values.logoUrl === '' ? null : new URL(values.logoUrl, window.location.origin).href,
        greeting: 'Dear Ama Mensah,',
        paragraphs: [`Thank you for booking with ${name}. We have received your booking for the session below.`],
        details: [
          ['Session', 'Market Entry Clinic'],
          ['When', 'Friday, 10:00 AM – 12:00 PM'],
        ],
        link: { label: 'View or cancel your booking', url: `${window.location.origin}/booking/manage/…` },
        notes: [],
      }).html,
    // The values the message shows; addressLines is derived from values.addressLines.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [name, primary, values.logoUrl, values.contactEmail, values.contactPhone, values.addressLines],
  );

  return (
    <Stack gap="md" aria-label="Preview">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          How the site and its e-mails will look with these values, before you save.
        </Text>
        <Anchor href="/" target="_blank" rel="noopener noreferrer" size="sm">
          Open the live site (new tab)
        </Anchor>
      </Group>

      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Box data-testid="preview-header" style={{ background: '#fff', borderBottom: `3px solid ${primary}`, padding: '10px 14px' }}>
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Mark name={name} logoUrl={values.logoUrl} primary={primary} accent={accent} size={32} />
              <Text fw={700} style={{ color: primary, fontFamily: 'var(--font-display)' }}>
                {name}
              </Text>
            </Group>
            <span style={{ ...buttonStyle, background: accent, color: primary }}>Book Consultation</span>
          </Group>
        </Box>
        <Box style={{ padding: 14 }}>
          {hero !== undefined && (
            <Box data-testid="preview-hero" mb="xs">
              <Text fw={700} style={{ color: primary, fontFamily: 'var(--font-display)' }}>
                {hero.title.trim() === '' ? 'Slide title' : hero.title}
              </Text>
              <Text size="sm">{hero.text}</Text>
            </Box>
          )}
          {hero === undefined && values.tagline.trim() !== '' && <Text size="sm">{values.tagline.trim()}</Text>}
          <Group gap="sm" mt="xs">
            <span style={{ ...buttonStyle, background: primary, color: '#ffffff' }}>Register Now</span>
            <span style={{ ...buttonStyle, background: accent, color: primary }}>Our Services</span>
            <span style={{ color: primary, textDecoration: 'underline', fontSize: 14 }}>A link</span>
          </Group>
        </Box>
        <Box data-testid="preview-footer" style={{ background: deep, color: '#ffffff', padding: 14 }}>
          <Group gap="xs" wrap="nowrap" mb={6}>
            <Mark name={name} logoUrl={values.logoUrl} primary={primary} accent={accent} size={24} />
            <Text fw={700}>{name}</Text>
          </Group>
          {contact.length > 0 && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {contact.join('\n')}
            </Text>
          )}
          {social.length > 0 && (
            <Text size="sm" mt={4} style={{ color: accent }}>
              {social.join(' · ')}
            </Text>
          )}
          {values.footerText.trim() !== '' && (
            <Text size="xs" mt={6}>
              {values.footerText.trim()}
            </Text>
          )}
          <Text size="xs" mt={6}>
            © {new Date().getFullYear()} {name}. All rights reserved.
          </Text>
        </Box>
      </Paper>

      <div>
        <Title order={3} mb={4}>
          E-mail
        </Title>
        {/* The message's own body: every value in it is escaped by the layout, as in the e-mails sent. */}
        <Box
          role="region"
          aria-label="E-mail preview"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, overflow: 'hidden' }}
          dangerouslySetInnerHTML={{ __html: bodyOf(email) }}
        />
      </div>
    </Stack>
  );
}
