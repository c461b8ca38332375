import { TOAST_DEFAULTS } from '@shop/rules';
import { type ToastTone, useToast } from '../../../components/toast';
import { TOAST_LIMIT } from '../../../components/toast-limit';

const SAMPLES: { tone: ToastTone; title: string; description: string }[] = [
  { tone: 'success', title: 'カートに追加しました', description: '【限定版】サンプル作品 第1巻' },
  { tone: 'info', title: 'お気に入りに登録しました', description: 'マイページで確認できます。' },
  { tone: 'error', title: '在庫がありません', description: 'この商品は在庫切れです。' },
];

/** Buttons that open the site-wide snackbar, to check its timing, stacking and limit. */
export function SnackbarPlayground() {
  const toast = useToast();
  return (
    <div className="prose">
      <p>
        表示時間 {TOAST_DEFAULTS.duration / 1000}秒、同時表示は最大{TOAST_LIMIT}件です。
      </p>
      <div className="purchase-actions">
        {SAMPLES.map((sample) => (
          <button
            key={sample.tone}
            type="button"
            className="button button-outline"
            onClick={() => toast(sample)}
          >
            {sample.tone} を表示
          </button>
        ))}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            for (let i = 1; i <= TOAST_LIMIT + 2; i++) {
              toast({
                tone: 'info',
                title: `通知 ${i}件目`,
                description: '連続表示のテストです。',
              });
            }
          }}
        >
          {TOAST_LIMIT + 2}件まとめて表示
        </button>
      </div>
    </div>
  );
}
