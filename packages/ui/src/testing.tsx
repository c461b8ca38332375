// For the tests of the toasts, the shared ones' and each app's provider: not for app code.
import { useToast } from './toast';

/** A button 'open' that shows `count` toasts at once, titled 通知1, 通知2, … */
export function ToastTrigger({ count }: { count: number }) {
  const toast = useToast();
  return (
    <button
      type="button"
      onClick={() => {
        for (let i = 1; i <= count; i++) toast({ title: `通知${i}` });
      }}
    >
      open
    </button>
  );
}
