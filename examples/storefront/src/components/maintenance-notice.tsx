import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../lib/idle';

const MaintenanceModal = lazy(() => import('./maintenance-modal'));

interface HealthAnswer {
  maintenance?: { active: boolean; message: string | null };
}

/**
 * The maintenance modal: shown once per page load when GET /api/health/ reports an announcement
 * (the API's MAINTENANCE_MESSAGE), asked for after the page is idle. The modal is its own chunk,
 * loaded only when there is an announcement.
 */
export function MaintenanceNotice() {
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const check = () => {
      fetch('/api/health/', { headers: { accept: 'application/json' } })
        .then((response) => (response.ok ? (response.json() as Promise<HealthAnswer>) : null))
        .then((health) => {
          if (!cancelled && health?.maintenance?.active) setMessage(health.maintenance.message);
        })
        .catch(() => undefined);
    };
    const cancel = whenIdle(check, { fallbackMs: 500 });
    return () => {
      cancelled = true;
      cancel();
    };
  }, []);

  if (!message) return null;
  return (
    <Suspense fallback={null}>
      <MaintenanceModal message={message} onClose={() => setMessage(null)} />
    </Suspense>
  );
}
