// The dashboard's figures: the all-time counts and the week the staff run (server/repositories/dashboard*.ts
// compute each in one indexed query); the router reaches them through here.
export { dashboardStats } from '../repositories/dashboard';
export { dashboardWeek } from '../repositories/dashboard-week';
