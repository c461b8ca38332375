import { Modal } from './modal';

/** The maintenance announcement itself (its own chunk: most page loads never show it). */
export default function MaintenanceModal({
  message,
  onClose,
}: {
  message: string;
  onClose: () => void;
}) {
  return (
    <Modal title="メンテナンスのお知らせ" open onClose={onClose} className="modal-narrow">
      <p>{message}</p>
      <div className="modal-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          閉じる
        </button>
      </div>
    </Modal>
  );
}
