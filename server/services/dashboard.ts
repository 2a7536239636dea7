// The dashboard's figures: the all-time counts, the week the staff run and recent attendance (server/repositories/dashboard*.ts
// compute each in one indexed query); the router reaches them through here.
import { type SessionAttendance, recentAttendance as attendanceSince } from '../repositories/attendance';
import { type DashboardStats, dashboardStats as countsFor } from '../repositories/dashboard';
import { type DashboardWeek, dashboardWeek as weekAt } from '../repositories/dashboard-week';
import type { AccountContext, ServiceContext } from './context';

export function dashboardStats({ db, user }: Pick<AccountContext, 'db' | 'user'>): Promise<DashboardStats> {
  return countsFor(db, user.id);
}

export function dashboardWeek({ db }: Pick<ServiceContext, 'db'>): Promise<DashboardWeek> {
  return weekAt(db, new Date());
}

export function recentAttendance({ db }: Pick<ServiceContext, 'db'>): Promise<SessionAttendance[]> {
  return attendanceSince(db, new Date());
}
