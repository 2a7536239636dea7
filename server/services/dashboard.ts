// The dashboard's figures: the all-time counts, the week the staff run and recent attendance (server/repositories/dashboard*.ts
// compute each in one indexed query); the router reaches them through here.
export { dashboardStats } from '../repositories/dashboard';
export { dashboardWeek } from '../repositories/dashboard-week';
export { recentAttendance } from '../repositories/attendance';
