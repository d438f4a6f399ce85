import type { Schemas } from '../../api/client';

/**
 * The answer of `getDashboard` (GET `/secure2/accounts/{accountId}/dashboard`). The BFF applies
 * seed 001 §4 "Page readiness and checks" and "Service status"; the page only draws what it says.
 */
export type Dashboard = Schemas['Dashboard'];
export type InternetStatus = Schemas['InternetStatus'];
export type Ring = InternetStatus['ring'];
