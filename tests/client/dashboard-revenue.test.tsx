// The dashboard's revenue cards against a real server: two payments received today count in this
// week and this month, in the site's currency (the sums themselves: server/dashboard/revenue.test.ts).
import { configure, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DashboardPage } from '@client/features/admin/dashboard/DashboardPage';
import { newId } from '@server/core/ids';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { renderRoute, testServerPerFile } from './render';

configure({ asyncUtilTimeout: 10_000 });

const server = testServerPerFile();
let staff: TestAccount;

beforeEach(async () => {
  staff = await createAccount(server.env.db, 'user');
  await server.env.db.deleteFrom('payments').execute();
});

describe('Dashboard revenue', () => {
  it('shows the payments received this week and this month', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const amountMinor of [3966, 11_900]) {
      await server.env.db.insertInto('payments').values({ id: newId(), bookingId: newId(), amountMinor, currency: 'EUR', paidOn: today, method: 'bank_transfer', source: 'manual', statementLineKey: null, recordedBy: 'Staff' }).execute();
    }
    await renderRoute(DashboardPage, { baseUrl: server.baseUrl, sessionToken: staff.token });
    expect(await screen.findByLabelText('Revenue This Week')).toHaveTextContent(/^Revenue This Week€158\.66Received .+ – .+, less refunds$/);
    expect(screen.getByLabelText('Revenue This Month')).toHaveTextContent(/^Revenue This Month€158\.66Received \S+ 1 – \S+ \d+, less refunds$/);
  });
});
