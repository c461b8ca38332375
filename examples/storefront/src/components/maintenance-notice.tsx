import { useEffect, useState } from 'react';
import { Modal } from './modal';

interface HealthAnswer {
  maintenance?: { active: boolean; message: string | null };
}

/**
 * The maintenance modal: shown once per page load when GET /api/health/ reports an announcement
 * (the API's MAINTENANCE_MESSAGE), asked for after the page is idle.
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
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(check, { timeout: 3000 });
      return () => {
        cancelled = true;
        window.cancelIdleCallback(handle);
      };
    }
    const timer = setTimeout(check, 500);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);

  if (!message) return null;
  return (
    <Modal
      title="メンテナンスのお知らせ"
      open
      onClose={() => setMessage(null)}
      className="modal-narrow"
    >
      <p>{message}</p>
      <div className="modal-actions">
        <button type="button" className="button button-primary" onClick={() => setMessage(null)}>
          閉じる
        </button>
      </div>
    </Modal>
  );
}
