// The dashboard's figures: the all-time counts, the week the staff run and recent attendance (server/dashboard/dashboard.repository*.ts
// compute each in one indexed query); the router reaches them through here.
import { type SessionAttendance, recentAttendance as attendanceSince } from '@server/check-in/attendance.repository';
import { type DashboardStats, dashboardStats as countsFor } from './dashboard.repository';
import { type DashboardWeek, dashboardWeek as weekAt } from './dashboard-week.repository';
import type { AccountContext, ServiceContext } from '@server/core/service-context';

export function dashboardStats({ db, user }: Pick<AccountContext, 'db' | 'user'>): Promise<DashboardStats> {
  return countsFor(db, user.id);
}

export function dashboardWeek({ db }: Pick<ServiceContext, 'db'>): Promise<DashboardWeek> {
  return weekAt(db, new Date());
}

export function recentAttendance({ db }: Pick<ServiceContext, 'db'>): Promise<SessionAttendance[]> {
  return attendanceSince(db, new Date());
}
